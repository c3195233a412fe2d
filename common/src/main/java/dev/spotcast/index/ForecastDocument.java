package dev.spotcast.index;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.spotcast.model.ShardingSpec;
import java.io.IOException;

/**
 * One document: the values of every parameter at one grid point and level, for one step or for a
 * block of consecutive steps ({@link dev.spotcast.model.ShardingSpec#stepsPerDocument()}). Values
 * are parallel to {@code parameterNames} (shared by all documents of a run), and for a block laid
 * out parameter by parameter: parameter {@code p} at the block's {@code k}-th step is {@code
 * values[p * steps + k]}. A NaN value is a missing value: a one-step document leaves it out rather
 * than store it as a number; a block stores it as NaN in its place, and leaves out a parameter
 * missing at every step of the block.
 *
 * @param step the step of a one-step document; the first step of a block
 * @param steps how many steps the block carries (the last block of a run may carry fewer than the
 *     others, even one); 0 for a document of one step of a run that stores one step per document,
 *     whose values are numbers rather than packed
 * @param valueBits bits per packed value of a block ({@link StepBlocks#pack(float[], int, int,
 *     int)}): 32, or 16; ignored by a one-step document
 * @param oneColumn whether a block is written as one binary value ({@link DocumentColumn}) rather
 *     than one per parameter; ignored by a one-step document
 */
@JsonSerialize(using = ForecastDocument.Writer.class)
public record ForecastDocument(
    int point,
    double lat,
    double lon,
    double level,
    int step,
    String[] parameterNames,
    float[] values,
    int steps,
    int valueBits,
    boolean oneColumn) {

  /** A document of one step, of a run that stores one step per document. */
  public ForecastDocument(
      int point,
      double lat,
      double lon,
      double level,
      int step,
      String[] parameterNames,
      float[] values) {
    this(point, lat, lon, level, step, parameterNames, values, 0);
  }

  /** A document of a block of {@code steps} steps whose values are packed in 32 bits. */
  public ForecastDocument(
      int point,
      double lat,
      double lon,
      double level,
      int step,
      String[] parameterNames,
      float[] values,
      int steps) {
    this(point, lat, lon, level, step, parameterNames, values, steps, ShardingSpec.EXACT_BITS);
  }

  /** A document of a block of {@code steps} steps, a value per parameter. */
  public ForecastDocument(
      int point,
      double lat,
      double lon,
      double level,
      int step,
      String[] parameterNames,
      float[] values,
      int steps,
      int valueBits) {
    this(point, lat, lon, level, step, parameterNames, values, steps, valueBits, false);
  }

  public ForecastDocument {
    if (steps < 0 || values.length != parameterNames.length * Math.max(1, steps)) {
      throw new IllegalArgumentException(
          values.length
              + " values for "
              + parameterNames.length
              + " parameters at "
              + steps
              + " steps");
    }
  }

  /** Values per parameter: the block's steps, or 1. */
  public int valuesPerParameter() {
    return Math.max(1, steps);
  }

  public String id() {
    return DocumentIds.of(level, step, point);
  }

  /**
   * Writes the compact layout {@code {"loc":[lon,lat],"lvl":..,"step":..,"gp":..,"v":{..}}} with
   * the streaming generator: no intermediate map per document on the ingestion hot path. A block's
   * values are one binary value per parameter ({@link StepBlocks#pack}), base64 in the body; or,
   * with {@code oneColumn}, the whole document one binary value ({@link DocumentColumn}) and no
   * values object.
   */
  public void writeTo(JsonGenerator gen) throws IOException {
    gen.writeStartObject();
    gen.writeFieldName(ForecastFields.LOCATION);
    gen.writeStartArray();
    gen.writeNumber(lon);
    gen.writeNumber(lat);
    gen.writeEndArray();
    DocumentIds.writeLevel(gen, level);
    gen.writeNumberField(ForecastFields.STEP, step);
    gen.writeNumberField(ForecastFields.POINT, point);
    if (steps > 0 && oneColumn) {
      gen.writeFieldName(ForecastFields.COLUMN);
      gen.writeBinary(DocumentColumn.pack(this));
      gen.writeEndObject();
      return;
    }
    gen.writeObjectFieldStart(ForecastFields.VALUES);
    if (steps == 0) {
      for (int i = 0; i < values.length; i++) {
        if (!Float.isNaN(values[i])) {
          gen.writeNumberField(parameterNames[i], values[i]);
        }
      }
    } else {
      for (int i = 0; i < parameterNames.length; i++) {
        byte[] packed = StepBlocks.pack(values, i * steps, steps, valueBits);
        if (packed != null) {
          gen.writeFieldName(parameterNames[i]);
          gen.writeBinary(packed);
        }
      }
    }
    gen.writeEndObject();
    gen.writeEndObject();
  }

  /** Lets the Elasticsearch client's Jackson mapper write documents in the same layout. */
  static final class Writer extends JsonSerializer<ForecastDocument> {
    @Override
    public void serialize(ForecastDocument doc, JsonGenerator gen, SerializerProvider provider)
        throws IOException {
      doc.writeTo(gen);
    }
  }
}
