package dev.spotcast.ingestor.source.file;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ECMWF's ecCodes C library, the reference GRIB decoder, called through Java's Foreign Function
 * &amp; Memory API: the handful of functions needed to open a message that is already in memory,
 * read its keys and values, and release it. A handle belongs to the thread that made it (ecCodes
 * handles are not shared between threads), so every decode makes and deletes its own.
 *
 * <p>The library is found under {@value #HOME_PROPERTY} (system property) or {@value #HOME_ENV}
 * (environment): a directory holding the PyPI wheels {@code eccodeslib} and {@code eckitlib} (a
 * Python venv or a {@code pip install --target} folder), or an ecCodes installation with {@code
 * lib/libeccodes.so}; without either, the system's {@code libeccodes.so} (Debian's {@code
 * libeccodes0}). The wheel compiles ecCodes' definitions into the library ({@code
 * libeccodes_memfs}), so no definitions path is needed. See <a
 * href="https://confluence.ecmwf.int/display/ECC/ecCodes+API+Reference">the ecCodes C API</a>.
 */
final class Eccodes {

  private static final Logger log = LoggerFactory.getLogger(Eccodes.class);

  static final String HOME_PROPERTY = "spotcast.eccodes.home";
  static final String HOME_ENV = "SPOTCAST_ECCODES_HOME";

  /** ecCodes' GRIB_NOT_FOUND: the key is not defined in this message. */
  static final int NOT_FOUND = -10;

  /**
   * eckit libraries libeccodes.so links against, in dependency order (the wheel keeps them apart).
   */
  private static final List<String> ECKIT =
      List.of(
          "libeckit.so",
          "libeckit_maths.so",
          "libeckit_codec.so",
          "libeckit_spec.so",
          "libeckit_geo.so");

  private static volatile Eccodes instance;
  private static volatile String loadFailure;

  private final MethodHandle newFromMessage;
  private final MethodHandle delete;
  private final MethodHandle getLong;
  private final MethodHandle getDouble;
  private final MethodHandle getString;
  private final MethodHandle getSize;
  private final MethodHandle getDoubleArray;
  private final MethodHandle setDouble;
  private final MethodHandle errorMessage;
  private final MethodHandle getApiVersion;

  private Eccodes(SymbolLookup lib) {
    Linker linker = Linker.nativeLinker();
    newFromMessage =
        downcall(
            linker,
            lib,
            "codes_handle_new_from_message",
            FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
    delete = downcall(linker, lib, "codes_handle_delete", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    getLong =
        downcall(
            linker,
            lib,
            "codes_get_long",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    getDouble =
        downcall(
            linker,
            lib,
            "codes_get_double",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    getString =
        downcall(
            linker,
            lib,
            "codes_get_string",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    getSize =
        downcall(
            linker,
            lib,
            "codes_get_size",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    getDoubleArray =
        downcall(
            linker,
            lib,
            "codes_get_double_array",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    setDouble =
        downcall(
            linker,
            lib,
            "codes_set_double",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_DOUBLE));
    errorMessage =
        downcall(linker, lib, "codes_get_error_message", FunctionDescriptor.of(ADDRESS, JAVA_INT));
    getApiVersion =
        downcall(linker, lib, "codes_get_api_version", FunctionDescriptor.of(JAVA_LONG));
    routeLogging(linker, lib);
  }

  /**
   * ecCodes prints its diagnostics on stderr; they go to this class's log instead (debug level), so
   * the console shows only the one-line failure the reader reports with the message number.
   */
  private static void routeLogging(Linker linker, SymbolLookup lib) {
    try {
      MethodHandle context =
          downcall(linker, lib, "codes_context_get_default", FunctionDescriptor.of(ADDRESS));
      MethodHandle setProc =
          downcall(
              linker,
              lib,
              "codes_context_set_logging_proc",
              FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
      MethodHandle target =
          MethodHandles.lookup()
              .findStatic(
                  Eccodes.class,
                  "logMessage",
                  MethodType.methodType(
                      void.class, MemorySegment.class, int.class, MemorySegment.class));
      MemorySegment stub =
          linker.upcallStub(
              target, FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT, ADDRESS), Arena.global());
      setProc.invokeExact((MemorySegment) context.invokeExact(), stub);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /**
   * Called by ecCodes for each diagnostic (levels: 0 info, 1 warning, 2 error, 3 fatal, 4 debug).
   */
  private static void logMessage(MemorySegment context, int level, MemorySegment message) {
    if (log.isDebugEnabled()) {
      log.debug("ecCodes ({}): {}", level, message.reinterpret(4096).getString(0));
    }
  }

  private static MethodHandle downcall(
      Linker linker, SymbolLookup lib, String name, FunctionDescriptor descriptor) {
    MemorySegment symbol =
        lib.find(name).orElseThrow(() -> new IllegalStateException("ecCodes lacks " + name));
    return linker.downcallHandle(symbol, descriptor);
  }

  /**
   * The library, loaded on first use; throws with a one-line reason when it cannot be found or
   * loaded.
   */
  static Eccodes get() throws EccodesMissingException {
    Eccodes e = instance;
    if (e != null) {
      return e;
    }
    synchronized (Eccodes.class) {
      if (instance == null && loadFailure == null) {
        try {
          instance = new Eccodes(load());
        } catch (RuntimeException | IOException | LinkageError ex) {
          loadFailure = ex.getMessage();
        }
      }
      if (instance == null) {
        throw new EccodesMissingException(loadFailure);
      }
      return instance;
    }
  }

  /** ecCodes' version as major*10000 + minor*100 + patch, e.g. 25000 for 2.50.0. */
  long version() {
    try {
      return (long) getApiVersion.invokeExact();
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  private static SymbolLookup load() throws IOException {
    String home = System.getProperty(HOME_PROPERTY);
    if (home == null || home.isBlank()) {
      home = System.getenv(HOME_ENV);
    }
    if (home == null || home.isBlank()) {
      try {
        return SymbolLookup.libraryLookup("libeccodes.so", Arena.global());
      } catch (IllegalArgumentException e) {
        throw new IllegalStateException(
            "ecCodes not found: set "
                + HOME_ENV
                + " to where eccodeslib is installed "
                + "(./spotcast installs it with pip into $SPOTCAST_HOME/eccodes)");
      }
    }
    Path root = Path.of(home);
    if (!Files.isDirectory(root)) {
      throw new IllegalStateException(
          "ecCodes not found: " + HOME_ENV + "=" + home + " is not a directory");
    }
    Path library =
        find(root, "libeccodes.so")
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "ecCodes not found: no libeccodes.so under " + HOME_ENV + "=" + root));
    Optional<Path> eckit = find(root, "libeckit.so");
    if (eckit.isPresent()) {
      for (String name : ECKIT) {
        Path lib = eckit.get().resolveSibling(name);
        if (Files.exists(lib)) {
          SymbolLookup.libraryLookup(lib, Arena.global());
        }
      }
    }
    return SymbolLookup.libraryLookup(library, Arena.global());
  }

  /**
   * A library in the wheel's layout (site-packages/NAMElib/lib64) or an installation's lib/ or
   * lib64/.
   */
  private static Optional<Path> find(Path root, String name) throws IOException {
    for (String dir : List.of("lib", "lib64")) {
      if (Files.isRegularFile(root.resolve(dir).resolve(name))) {
        return Optional.of(root.resolve(dir).resolve(name));
      }
    }
    try (Stream<Path> files =
        Files.find(
            root,
            7,
            (p, a) ->
                p.getFileName().toString().equals(name)
                    && p.getParent().getFileName().toString().startsWith("lib"))) {
      return files.sorted().findFirst();
    }
  }

  /**
   * A handle on a message held in {@code message} (not copied: the segment must outlive the
   * handle).
   *
   * @throws EccodesException when ecCodes cannot parse the message
   */
  MemorySegment handle(MemorySegment message) throws EccodesException {
    try {
      MemorySegment h =
          (MemorySegment)
              newFromMessage.invokeExact(MemorySegment.NULL, message, message.byteSize());
      if (h.equals(MemorySegment.NULL)) {
        throw new EccodesException("ecCodes cannot parse the message");
      }
      return h;
    } catch (EccodesException e) {
      throw e;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void delete(MemorySegment handle) {
    try {
      int ignored = (int) delete.invokeExact(handle);
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** A long key; empty when the message does not define it. */
  Optional<Long> getLong(MemorySegment handle, String key) throws EccodesException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment out = arena.allocate(JAVA_LONG);
      int err = (int) getLong.invokeExact(handle, arena.allocateFrom(key), out);
      if (err == NOT_FOUND) {
        return Optional.empty();
      }
      check(err, key);
      return Optional.of(out.get(JAVA_LONG, 0));
    } catch (EccodesException e) {
      throw e;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  long requireLong(MemorySegment handle, String key) throws EccodesException {
    return getLong(handle, key)
        .orElseThrow(() -> new EccodesException("key " + key + " not defined"));
  }

  double requireDouble(MemorySegment handle, String key) throws EccodesException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment out = arena.allocate(JAVA_DOUBLE);
      check((int) getDouble.invokeExact(handle, arena.allocateFrom(key), out), key);
      return out.get(JAVA_DOUBLE, 0);
    } catch (EccodesException e) {
      throw e;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** A string key; empty when the message does not define it. */
  Optional<String> getString(MemorySegment handle, String key) throws EccodesException {
    try (Arena arena = Arena.ofConfined()) {
      long capacity = 1024;
      MemorySegment buffer = arena.allocate(capacity);
      MemorySegment length = arena.allocateFrom(JAVA_LONG, capacity);
      int err = (int) getString.invokeExact(handle, arena.allocateFrom(key), buffer, length);
      if (err == NOT_FOUND) {
        return Optional.empty();
      }
      check(err, key);
      return Optional.of(buffer.getString(0));
    } catch (EccodesException e) {
      throw e;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  /** An array key (values, latitudes, longitudes, pl) as doubles. */
  double[] getDoubleArray(MemorySegment handle, String key) throws EccodesException {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment keyName = arena.allocateFrom(key);
      MemorySegment size = arena.allocate(JAVA_LONG);
      check((int) getSize.invokeExact(handle, keyName, size), key);
      long n = size.get(JAVA_LONG, 0);
      MemorySegment values = arena.allocate(JAVA_DOUBLE, Math.max(1, n));
      check((int) getDoubleArray.invokeExact(handle, keyName, values, size), key);
      return values.asSlice(0, size.get(JAVA_LONG, 0) * Double.BYTES).toArray(JAVA_DOUBLE);
    } catch (EccodesException e) {
      throw e;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  void setDouble(MemorySegment handle, String key, double value) throws EccodesException {
    try (Arena arena = Arena.ofConfined()) {
      check((int) setDouble.invokeExact(handle, arena.allocateFrom(key), value), key);
    } catch (EccodesException e) {
      throw e;
    } catch (Throwable t) {
      throw rethrow(t);
    }
  }

  private void check(int err, String key) throws Throwable {
    if (err != 0) {
      MemorySegment text = (MemorySegment) errorMessage.invokeExact(err);
      throw new EccodesException("key " + key + ": " + text.reinterpret(256).getString(0));
    }
  }

  private static RuntimeException rethrow(Throwable t) {
    if (t instanceof RuntimeException r) return r;
    if (t instanceof Error e) throw e;
    return new IllegalStateException(t);
  }

  /** ecCodes refused a message or key; the message is ecCodes' own reason. */
  static final class EccodesException extends Exception {
    EccodesException(String message) {
      super(message);
    }
  }

  /** The library could not be found or loaded. */
  static final class EccodesMissingException extends Exception {
    EccodesMissingException(String message) {
      super(message);
    }
  }
}
