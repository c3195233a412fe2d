package dev.spotcast.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real headless Chromium for the browser tests: the system's {@code chromium} and {@code
 * chromedriver} (Debian's chromium and chromium-driver packages, which {@code ./spotcast test}
 * installs when they are missing), so nothing is downloaded at test time. {@code SPOTCAST_CHROMIUM}
 * and {@code SPOTCAST_CHROMEDRIVER} name other executables.
 *
 * <p>It records the page's console: {@link #consoleErrors()} lists what a page logged at SEVERE
 * level (script errors, failed requests). {@code -Dspotcast.screenshots=DIR} makes {@link
 * #screenshot} write PNGs there (how {@code ./spotcast screenshots} regenerates the ones in docs/).
 */
public final class HeadlessChromium implements AutoCloseable {

  private static final List<String> BROWSERS =
      List.of("chromium", "chromium-browser", "google-chrome");

  private final ChromeDriver driver;

  public HeadlessChromium(int width, int height) {
    Path browser = executable("SPOTCAST_CHROMIUM", BROWSERS);
    Path chromedriver = executable("SPOTCAST_CHROMEDRIVER", List.of("chromedriver"));
    ChromeOptions options = new ChromeOptions();
    options.setBinary(browser.toFile());
    // Root (as here and in CI) runs Chromium only without its sandbox; /dev/shm may be small.
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=" + width + "," + height,
        "--lang=en-GB",
        "--disable-extensions",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update");
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(chromedriver.toFile())
            .usingAnyFreePort()
            .build();
    driver = new ChromeDriver(service, options);
    driver.manage().window().setSize(new Dimension(width, height));
  }

  public ChromeDriver driver() {
    return driver;
  }

  public WebDriverWait waiting(Duration timeout) {
    return new WebDriverWait(driver, timeout);
  }

  /** What the page logged at SEVERE level since the last call: script errors, failed loads. */
  public List<String> consoleErrors() {
    List<String> errors = new ArrayList<>();
    for (LogEntry entry : driver.manage().logs().get(LogType.BROWSER)) {
      if (entry.getLevel().intValue() >= Level.SEVERE.intValue()) {
        errors.add(entry.getMessage());
      }
    }
    return errors;
  }

  /** Writes NAME.png into the directory of {@code -Dspotcast.screenshots}, when it is set. */
  public Optional<Path> screenshot(String name) {
    String directory = System.getProperty("spotcast.screenshots", "");
    if (directory.isBlank()) {
      return Optional.empty();
    }
    try {
      Path file = Files.createDirectories(Path.of(directory)).resolve(name + ".png");
      Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
      return Optional.of(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A script's answer, for reading the page's state (e.g. a map's pixel for a place). */
  public Object script(String script, Object... arguments) {
    return driver.executeScript(script, arguments);
  }

  @Override
  public void close() {
    driver.quit();
  }

  private static Path executable(String variable, List<String> names) {
    String configured = System.getenv(variable);
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    for (String directory : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
      for (String name : names) {
        Path candidate = Path.of(directory, name);
        if (Files.isExecutable(candidate)) {
          return candidate;
        }
      }
    }
    throw new IllegalStateException(
        "no "
            + names.getFirst()
            + " on PATH (nor "
            + variable
            + "): the browser tests need"
            + " Chromium and its driver; install the packages chromium and chromium-driver (./spotcast test does it)."
            + " Looked for "
            + names
            + " in "
            + Map.of("PATH", System.getenv().getOrDefault("PATH", "")));
  }
}
