package dev.spotcast.index;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.io.IOException;

/**
 * One document: the values of every parameter at one grid point, level and step. Values are
 * parallel to {@code parameterNames} (shared by all documents of a run); a NaN value is a missing
 * value and is left out of the document rather than stored as a number.
 */
@JsonSerialize(using = ForecastDocument.Writer.class)
public record ForecastDocument(
    int point,
    double lat,
    double lon,
    double level,
    int step,
    String[] parameterNames,
    float[] values) {

  public String id() {
    return DocumentIds.of(level, step, point);
  }

  /**
   * Writes the compact layout {@code {"loc":[lon,lat],"lvl":..,"step":..,"gp":..,"v":{..}}} with
   * the streaming generator: no intermediate map per document on the ingestion hot path.
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
    gen.writeObjectFieldStart(ForecastFields.VALUES);
    for (int i = 0; i < values.length; i++) {
      if (!Float.isNaN(values[i])) {
        gen.writeNumberField(parameterNames[i], values[i]);
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
