package dev.spotcast.query.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The spot path's searches as written on the wire, and Elasticsearch's answers as read back. */
class SearchWireTest {

  private static final OneSearch IDS =
      new OneSearch(
          "spot-run-h0",
          "486,487",
          new SearchWire.Ids(List.of("0_6_100", "0_6_101")),
          2,
          List.of("gp", "lvl", "step", "v.t"),
          0);

  private static final OneSearch NEAR =
      new OneSearch(
          "spot-run-h1",
          null,
          new SearchWire.Near(45.25, -5.5, 157.2534, List.of(1000.0, 3000.0), List.of(6, 9)),
          8,
          List.of("gp", "lvl", "step", "v.t", "v.rh"),
          1);

  private static String text(byte[] body) {
    return new String(body, StandardCharsets.UTF_8);
  }

  private static List<List<ForecastHit>> read(String answer, List<OneSearch> searches) {
    return SearchWire.read(
        new ByteArrayInputStream(answer.getBytes(StandardCharsets.UTF_8)), searches);
  }

  @Test
  void anIdsSearchAsksForDocValuesOnlyRoutedToItsTiles() {
    SearchWire.Request request = SearchWire.request(List.of(IDS));
    assertThat(request.path()).isEqualTo("/spot-run-h0/_search");
    assertThat(request.params())
        .isEqualTo(Map.of("routing", "486,487", "filter_path", SearchWire.SEARCH_FILTER));
    assertThat(request.contentType().getMimeType()).isEqualTo("application/json");
    assertThat(text(request.body()))
        .isEqualTo(
            "{\"query\":{\"ids\":{\"values\":[\"0_6_100\",\"0_6_101\"]}},\"size\":2,\"stored_fields\":\"_none_\","
                + "\"docvalue_fields\":[\"gp\",\"lvl\",\"step\",\"v.t\"],\"track_total_hits\":false}");
  }

  @Test
  void aGeoSearchFiltersByRadiusLevelsAndStepsAndSortsByDistanceThenPoint() {
    SearchWire.Request request = SearchWire.request(List.of(NEAR));
    assertThat(request.params()).isEqualTo(Map.of("filter_path", SearchWire.SEARCH_FILTER));
    assertThat(text(request.body()))
        .isEqualTo(
            "{\"query\":{\"bool\":{\"filter\":["
                + "{\"geo_distance\":{\"distance\":\"157.253km\",\"loc\":{\"lat\":45.25,\"lon\":-5.5}}},"
                + "{\"terms\":{\"lvl\":[1000.0,3000.0]}},{\"terms\":{\"step\":[6,9]}}]}},"
                + "\"size\":8,\"stored_fields\":\"_none_\",\"docvalue_fields\":[\"gp\",\"lvl\",\"step\",\"v.t\",\"v.rh\"],"
                + "\"track_total_hits\":false,\"sort\":[{\"_geo_distance\":{\"loc\":{\"lat\":45.25,\"lon\":-5.5},"
                + "\"order\":\"asc\",\"unit\":\"m\",\"distance_type\":\"arc\"}},{\"gp\":{\"order\":\"asc\"}}]}");
  }

  @Test
  void aPageOfAWholeFieldFiltersOneLevelAndStepInGridPointOrderAfterTheLastPoint() {
    OneSearch first =
        new OneSearch(
            "spot-run-h0",
            null,
            new SearchWire.Page(0.0, 0, -1),
            10000,
            List.of("gp", "lvl", "step", "v.orog"),
            0);
    String query =
        "{\"query\":{\"bool\":{\"filter\":[{\"terms\":{\"step\":[0]}},{\"terms\":{\"lvl\":[0.0]}}]}},"
            + "\"size\":10000,\"stored_fields\":\"_none_\",\"docvalue_fields\":[\"gp\",\"lvl\",\"step\",\"v.orog\"],"
            + "\"track_total_hits\":false,\"sort\":[{\"gp\":{\"order\":\"asc\"}}]";
    assertThat(text(SearchWire.request(List.of(first)).body())).isEqualTo(query + "}");
    OneSearch next =
        new OneSearch(
            "spot-run-h0",
            null,
            new SearchWire.Page(0.0, 0, 9999),
            10000,
            List.of("gp", "lvl", "step", "v.orog"),
            0);
    assertThat(text(SearchWire.request(List.of(next)).body()))
        .isEqualTo(query + ",\"search_after\":[9999]}");
    // The sort value of a page is the grid point, not a distance: it is not read as one.
    ForecastHit hit =
        read(
                "{\"_shards\":{\"total\":1,\"failed\":0},\"hits\":{\"hits\":[{\"fields\":{\"gp\":[10000],\"lvl\":[0.0],"
                    + "\"step\":[0],\"v.orog\":[812.5]},\"sort\":[10000]}]}}",
                List.of(next))
            .getFirst()
            .getFirst();
    assertThat(hit.point()).isEqualTo(10000);
    assertThat(hit.values()).containsExactlyEntriesOf(Map.of("orog", 812.5));
    assertThat(hit.sortDistance()).isNaN();
  }

  @Test
  void severalIndicesMakeOneMultiSearchWithAHeaderLinePerSearch() {
    SearchWire.Request request = SearchWire.request(List.of(IDS, NEAR));
    assertThat(request.path()).isEqualTo("/_msearch");
    assertThat(request.params()).isEqualTo(Map.of("filter_path", SearchWire.MSEARCH_FILTER));
    assertThat(request.contentType().getMimeType()).isEqualTo("application/x-ndjson");
    String[] lines = text(request.body()).split("\n", -1);
    assertThat(lines).hasSize(5);
    assertThat(lines[0]).isEqualTo("{\"index\":\"spot-run-h0\",\"routing\":\"486,487\"}");
    assertThat(lines[1]).isEqualTo(text(SearchWire.request(List.of(IDS)).body()));
    assertThat(lines[2]).isEqualTo("{\"index\":\"spot-run-h1\"}");
    assertThat(lines[3]).isEqualTo(text(SearchWire.request(List.of(NEAR)).body()));
    assertThat(lines[4]).isEmpty();
  }

  @Test
  void aBackgroundReadAsksForOneSearchAndOneShardAtATimeAndIsOtherwiseTheSame() {
    SearchWire.Request multi = SearchWire.request(List.of(IDS, NEAR));
    SearchWire.Request yielding = multi.oneAtATime();
    assertThat(yielding.path()).isEqualTo("/_msearch");
    assertThat(yielding.params())
        .isEqualTo(
            Map.of(
                "filter_path", SearchWire.MSEARCH_FILTER,
                "max_concurrent_searches", "1",
                "max_concurrent_shard_requests", "1"));
    assertThat(yielding.body()).isEqualTo(multi.body());
    assertThat(yielding.contentType()).isEqualTo(multi.contentType());

    // A single search has no searches to run one at a time, only shards.
    SearchWire.Request single = SearchWire.request(List.of(IDS)).oneAtATime();
    assertThat(single.path()).isEqualTo("/spot-run-h0/_search");
    assertThat(single.params())
        .containsEntry("routing", "486,487")
        .containsEntry("max_concurrent_shard_requests", "1")
        .doesNotContainKey("max_concurrent_searches");
  }

  @Test
  void readsTheDocValuesOfEveryHit() {
    String answer =
        """
        {"took":1,"timed_out":false,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0},
         "hits":{"max_score":null,"hits":[
           {"_index":"spot-run-h0","_id":"0_6_100","_score":1.0,"_routing":"486",
            "fields":{"gp":[100],"lvl":[0.0],"step":[6],"v.t":[273.1499938964844],"v.rh":[-0.0]}},
           {"_index":"spot-run-h0","_id":"0_6_101","_score":1.0,
            "fields":{"v.t":[280.5,281.0],"gp":[101],"step":[6],"lvl":[0.0]}}]}}
        """;
    List<ForecastHit> hits = read(answer, List.of(IDS)).getFirst();
    assertThat(hits).hasSize(2);
    assertThat(hits.get(0).point()).isEqualTo(100);
    assertThat(hits.get(0).level()).isEqualTo(0.0);
    assertThat(hits.get(0).step()).isEqualTo(6);
    assertThat(hits.get(0).axisPosition()).isZero();
    assertThat(hits.get(0).values())
        .containsExactlyInAnyOrderEntriesOf(Map.of("t", 273.1499938964844, "rh", -0.0));
    assertThat(hits.get(0).sortDistance()).isNaN();
    assertThat(hits.get(0).lat()).isNaN();
    // fields in any order; the first of several values
    assertThat(hits.get(1).point()).isEqualTo(101);
    assertThat(hits.get(1).values()).containsExactlyEntriesOf(Map.of("t", 280.5));
  }

  /** The JSON answer in CBOR, written by Jackson's CBOR generator token by token. */
  private static byte[] cbor(String json) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (JsonParser in = new JsonFactory().createParser(json);
        JsonGenerator out = new CBORFactory().createGenerator(bytes)) {
      in.nextToken();
      out.copyCurrentStructure(in);
    }
    return bytes.toByteArray();
  }

  @Test
  void anAnswerInCborIsReadAsItsJsonAndTheContentTypeChoosesTheParser() throws IOException {
    String answer =
        """
        {"_shards":{"total":2,"failed":0},"hits":{"hits":[
           {"fields":{"gp":[100],"lvl":[0.0],"step":[6],"v.t":[273.1499938964844]}},
           {"fields":{"gp":[101],"lvl":[0.0],"step":[6],"v.t":[280.5]}}]}}
        """;
    List<ForecastHit> hits =
        SearchWire.read(new ByteArrayInputStream(cbor(answer)), "application/cbor", List.of(IDS))
            .getFirst();
    assertThat(hits).extracting(ForecastHit::point).containsExactly(100, 101);
    assertThat(hits.get(0).values()).containsExactlyEntriesOf(Map.of("t", 273.1499938964844));
    assertThat(hits.get(1).step()).isEqualTo(6);
    // Without a content type, or with JSON's, the body is JSON.
    assertThat(
            SearchWire.read(
                    new ByteArrayInputStream(answer.getBytes(StandardCharsets.UTF_8)),
                    "application/json; charset=UTF-8",
                    List.of(IDS))
                .getFirst())
        .hasSize(2);
  }

  @Test
  void hitsOfSeparateAnswersShareOneStringPerParameterName() {
    String answer =
        """
        {"hits":{"hits":[{"fields":{"gp":[100],"lvl":[0.0],"step":[6],"v.t":[273.5]}}]}}
        """;
    String first =
        read(answer, List.of(IDS)).getFirst().getFirst().values().keySet().iterator().next();
    String second =
        read(answer, List.of(IDS)).getFirst().getFirst().values().keySet().iterator().next();
    assertThat(first).isEqualTo("t");
    // The same object: a document kept in the cache holds no copy of its parameters' names.
    assertThat(second).isSameAs(first);
  }

  @Test
  void aSortedHitCarriesItsDistanceAndItsPlaceFromGeoJsonOrText() {
    String answer =
        """
        {"_shards":{"total":1,"successful":1,"failed":0},"hits":{"hits":[
          {"fields":{"loc":[{"type":"Point","coordinates":[-5.0,45.0]}],"gp":[7],"lvl":[1000.0],"step":[9]},
           "sort":[39412.25,7]},
          {"fields":{"loc":["46.5, -6.25"],"gp":[8],"lvl":[1000.0],"step":[9],"v.t":[1]},"sort":[52000.0,8]}]}}
        """;
    List<ForecastHit> hits = read(answer, List.of(NEAR)).getFirst();
    assertThat(hits.get(0).sortDistance()).isEqualTo(39412.25);
    assertThat(hits.get(0).lat()).isEqualTo(45.0);
    assertThat(hits.get(0).lon()).isEqualTo(-5.0);
    assertThat(hits.get(0).values()).isEmpty();
    assertThat(hits.get(0).axisPosition()).isEqualTo(1);
    assertThat(hits.get(1).lat()).isEqualTo(46.5);
    assertThat(hits.get(1).lon()).isEqualTo(-6.25);
    assertThat(hits.get(1).values()).containsExactlyEntriesOf(Map.of("t", 1.0));
  }

  @Test
  void aMultiSearchAnswerGivesEachSearchItsHits() {
    String answer =
        """
        {"took":3,"responses":[
          {"_shards":{"total":1,"failed":0},"hits":{"hits":[{"fields":{"gp":[100],"lvl":[0.0],"step":[6]}}]},"status":200},
          {"_shards":{"total":2,"failed":0},"hits":{"hits":[]},"status":200}]}
        """;
    List<List<ForecastHit>> hits = read(answer, List.of(IDS, NEAR));
    assertThat(hits).hasSize(2);
    assertThat(hits.get(0)).singleElement().satisfies(h -> assertThat(h.point()).isEqualTo(100));
    assertThat(hits.get(1)).isEmpty();
  }

  @Test
  void aMissingIndexInAMultiSearchIsUnavailableToRetry() {
    String answer =
        """
        {"responses":[
          {"hits":{"hits":[]},"_shards":{"total":1,"failed":0}},
          {"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [spot-run-h1]"}],
           "type":"index_not_found_exception","reason":"no such index [spot-run-h1]"},"status":404}]}
        """;
    assertThatThrownBy(() -> read(answer, List.of(IDS, NEAR)))
        .isInstanceOf(SearchUnavailableException.class)
        .hasMessageContaining("no such index [spot-run-h1]");
  }

  @Test
  void aMalformedSearchInAMultiSearchIsAServerErrorNotARetry() {
    String answer =
        """
        {"responses":[{"error":{"type":"x_content_parse_exception","reason":"unknown field [siez]"},"status":400},
          {"hits":{"hits":[]}}]}
        """;
    assertThatThrownBy(() -> read(answer, List.of(IDS, NEAR)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("400 x_content_parse_exception");
  }

  @Test
  void failedShardsFailTheAnswerRatherThanInterpolateOverFewerPoints() {
    String answer =
        """
        {"_shards":{"total":2,"successful":1,"failed":1,"failures":[{"shard":1,"reason":{"type":"x"}}]},
         "hits":{"hits":[{"fields":{"gp":[100],"lvl":[0.0],"step":[6]}}]}}
        """;
    assertThatThrownBy(() -> read(answer, List.of(IDS)))
        .isInstanceOf(SearchUnavailableException.class)
        .hasMessage("1 of 2 shards failed searching spot-run-h0");
  }

  @Test
  void aHitWithoutItsGridPointIsUnavailableNotAnInternalError() {
    // Seen while a node holding the shard was killed: the service answers 503 with Retry-After, not
    // 500.
    String answer =
        "{\"_shards\":{\"total\":1,\"failed\":0},\"hits\":{\"hits\":[{\"fields\":{\"lvl\":[0.0],\"step\":[6]}}]}}";
    assertThatThrownBy(() -> read(answer, List.of(IDS)))
        .isInstanceOf(SearchUnavailableException.class);
  }

  @Test
  void aMultiSearchAnsweringFewerItemsThanSearchesIsRefused() {
    assertThatThrownBy(() -> read("{\"responses\":[{\"hits\":{\"hits\":[]}}]}", List.of(IDS, NEAR)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("msearch answered 1 items for 2 searches");
  }

  @Test
  void aTruncatedAnswerIsUnavailable() {
    assertThatThrownBy(() -> read("{\"hits\":{\"hits\":[{\"fields\":{\"gp\":[1", List.of(IDS)))
        .isInstanceOf(SearchUnavailableException.class)
        .hasMessageStartingWith("Elasticsearch's answer could not be read");
  }

  /** A run of steps 0, 3, 6, 9, 12 in blocks of 2: documents under 0, 6 and 12 (the last short). */
  /** A run of steps 0-12 every 3 h in blocks of 2 steps, laid out as {@code sharding} says. */
  private static dev.spotcast.model.ForecastRun blocks(dev.spotcast.model.ShardingSpec sharding) {
    return dev.spotcast.model.ForecastRun.of(
        "m",
        java.time.Instant.parse("2026-11-24T00:00:00Z"),
        dev.spotcast.model.RegularLatLonGrid.covering(0, 0, 2, 2, 1),
        dev.spotcast.model.LevelType.HEIGHT_ABOVE_GROUND,
        List.of(0.0),
        List.of(0, 3, 6, 9, 12),
        dev.spotcast.synthetic.SyntheticWeather.PARAMETERS,
        sharding.withStepsPerDocument(2));
  }

  /** Blocks of 2 steps, a column per parameter. */
  private static final dev.spotcast.model.ForecastRun BLOCKS =
      blocks(dev.spotcast.model.ShardingSpec.DEFAULT.withOneColumn(false));

  /** {@link #BLOCKS} with each document one column (the default). */
  private static final dev.spotcast.model.ForecastRun COLUMNS =
      blocks(dev.spotcast.model.ShardingSpec.DEFAULT);

  /** The ids search of the document of point 4, level 0, steps 6 and 9, for t and u. */
  private static OneSearch blockSearch(StepBlocksRead blocks) {
    return new OneSearch(
        "spot-run-h0",
        null,
        new SearchWire.Ids(List.of("0_6_4")),
        1,
        List.of("gp", "lvl", "step", "v.t", "v.u"),
        0,
        blocks);
  }

  @Test
  void aDocumentOfOneColumnIsAskedForByItsColumnAndReadFromIt() {
    OneSearch search = blockSearch(StepBlocksRead.of(COLUMNS));
    assertThat(text(SearchWire.request(List.of(search)).body()))
        .contains("\"docvalue_fields\":[\"dc\"]");
    // Point 4, level 0, first step 6; t at 6 and 9 h: 1.0 and 2.0; u: 2.0 and missing; rh not
    // asked for.
    byte[] column =
        dev.spotcast.index.DocumentColumn.pack(
            new dev.spotcast.index.ForecastDocument(
                4,
                0,
                0,
                0.0,
                6,
                new String[] {"t", "u", "rh"},
                new float[] {1f, 2f, 2f, Float.NaN, 50f, 60f},
                2,
                32,
                true));
    String answer =
        "{\"_shards\":{\"total\":1,\"failed\":0},\"hits\":{\"hits\":[{\"fields\":{\"dc\":[\""
            + java.util.Base64.getEncoder().encodeToString(column)
            + "\"]}}]}}";
    List<ForecastHit> hits = read(answer, List.of(search)).getFirst();
    assertThat(hits).extracting(ForecastHit::step).containsExactly(6, 9);
    assertThat(hits).extracting(ForecastHit::point).containsOnly(4);
    assertThat(hits).extracting(ForecastHit::level).containsOnly(0.0);
    assertThat(hits.get(0).values()).containsExactlyInAnyOrderEntriesOf(Map.of("t", 1.0, "u", 2.0));
    assertThat(hits.get(1).values()).containsExactlyInAnyOrderEntriesOf(Map.of("t", 2.0));
    // A column cut short is Elasticsearch's answer not read, not a hit made up.
    String cut =
        answer.replace(
            java.util.Base64.getEncoder().encodeToString(column),
            java.util.Base64.getEncoder()
                .encodeToString(java.util.Arrays.copyOf(column, column.length - 3)));
    assertThatThrownBy(() -> read(cut, List.of(search)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("document column");
  }

  @Test
  void aDocumentOfABlockIsReadAsAHitPerStepTheMissingValuesLeftOut() {
    OneSearch search = blockSearch(StepBlocksRead.of(BLOCKS));
    // t at 6 and 9 h: 1.0 and 2.0 ("AACAPwAAAEA="); u: 2.0 and missing ("AAAAQAAAwH8=").
    String answer =
        "{\"_shards\":{\"total\":1,\"failed\":0},\"hits\":{\"hits\":[{\"fields\":{\"gp\":[4],"
            + "\"lvl\":[0.0],\"step\":[6],\"v.t\":[\"AACAPwAAAEA=\"],\"v.u\":[\"AAAAQAAAwH8=\"]}}]}}";
    List<ForecastHit> hits = read(answer, List.of(search)).getFirst();
    assertThat(hits).extracting(ForecastHit::step).containsExactly(6, 9);
    assertThat(hits).extracting(ForecastHit::point).containsOnly(4);
    assertThat(hits.get(0).values()).containsExactlyInAnyOrderEntriesOf(Map.of("t", 1.0, "u", 2.0));
    assertThat(hits.get(1).values()).containsExactlyInAnyOrderEntriesOf(Map.of("t", 2.0));
    // Only the steps a search asks for alone are kept (a page, the geo path).
    List<ForecastHit> kept =
        read(answer, List.of(blockSearch(StepBlocksRead.of(BLOCKS).keeping(java.util.Set.of(9)))))
            .getFirst();
    assertThat(kept).extracting(ForecastHit::step).containsExactly(9);
  }

  @Test
  void aStepIsAskedForByTheFirstStepOfItsBlock() {
    assertThat(StepBlocksRead.documentStep(BLOCKS, 0)).isZero();
    assertThat(StepBlocksRead.documentStep(BLOCKS, 9)).isEqualTo(6);
    assertThat(StepBlocksRead.documentStep(BLOCKS, 12)).isEqualTo(12);
    assertThat(StepBlocksRead.documentStep(BLOCKS, 4)).as("no such step").isEqualTo(4);
    assertThat(StepBlocksRead.of(BLOCKS).stepsOf(12)).containsExactly(12);
    assertThat(StepBlocksRead.of(BLOCKS).stepsOf(6)).containsExactly(6, 9);
    assertThat(
            StepBlocksRead.of(
                dev.spotcast.model.ForecastRun.of(
                    "m",
                    BLOCKS.runTime(),
                    BLOCKS.grid(),
                    dev.spotcast.model.LevelType.HEIGHT_ABOVE_GROUND,
                    List.of(0.0),
                    List.of(0, 3),
                    dev.spotcast.synthetic.SyntheticWeather.PARAMETERS,
                    dev.spotcast.model.ShardingSpec.DEFAULT.withStepsPerDocument(1))))
        .as("one step per document")
        .isNull();
  }
}
