package dev.spotcast.model;

import java.util.regex.Pattern;

/** The rule for model identifiers: they become part of index and alias names. */
public final class ModelNames {

  private static final Pattern VALID = Pattern.compile("[a-z][a-z0-9_]{0,39}");

  private ModelNames() {}

  public static boolean isValid(String model) {
    return model != null && VALID.matcher(model).matches();
  }

  public static String requireValid(String model) {
    if (!isValid(model)) {
      throw new IllegalArgumentException(
          "model id must be 1-40 lower-case letters, digits or '_' starting with a letter, got '"
              + model
              + "'");
    }
    return model;
  }
}
