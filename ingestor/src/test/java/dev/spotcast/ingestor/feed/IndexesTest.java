package dev.spotcast.ingestor.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The publishers' indexes read into byte ranges, with the lengths worked out by hand, and the
 * choice of the wanted fields among them.
 */
class IndexesTest {

  /** The first lines of a real GFS f006 inventory's shape (offsets chosen for easy sums). */
  static final String GFS_IDX =
      """
      1:0:d=2026112600:PRMSL:mean sea level:6 hour fcst:
      2:1000:d=2026112600:TMP:850 mb:6 hour fcst:
      3:2500:d=2026112600:UGRD:850 mb:6 hour fcst:
      4:2600:d=2026112600:TMP:2 m above ground:6 hour fcst:
      5:4000:d=2026112600:APCP:surface:0-6 hour acc fcst:
      6:4100:d=2026112600:TMP:500 mb:6 hour fcst:
      """;

  @Test
  void gfsLengthIsTheNextOffsetMinusOneSOwnAndTheLastRunsToTheEnd() {
    List<IndexEntry> entries = new GfsLayout().parseIndex(GFS_IDX, 6);
    assertThat(entries)
        .containsExactly(
            new IndexEntry(FieldKey.of("PRMSL", "mean sea level", 6), 0, 1000),
            new IndexEntry(FieldKey.of("TMP", "850 mb", 6), 1000, 1500),
            new IndexEntry(FieldKey.of("UGRD", "850 mb", 6), 2500, 100),
            new IndexEntry(FieldKey.of("TMP", "2 m above ground", 6), 2600, 1400),
            new IndexEntry(
                new FieldKey("APCP", "surface", 6, null, "0-6 hour acc fcst"), 4000, 100),
            new IndexEntry(FieldKey.of("TMP", "500 mb", 6), 4100, IndexEntry.TO_END));
  }

  @Test
  void gfsInventoryWithOffsetsGoingBackIsRefused() {
    assertThatThrownBy(
            () ->
                new GfsLayout()
                    .parseIndex(
                        "1:500:d=2026112600:TMP:850 mb:anl:\n2:100:d=x:UGRD:850 mb:anl:\n", 0))
        .hasMessageContaining("line 2: offsets must grow");
    assertThatThrownBy(() -> new GfsLayout().parseIndex("1:x:d=2026112600:TMP:850 mb:anl:\n", 0))
        .hasMessageContaining("offset 'x' is not a number");
  }

  /** ECMWF's JSON lines, keys as the open-data index has them. */
  static final String ECMWF_INDEX =
      """
      {"domain": "g", "date": "20261126", "time": "0000", "expver": "0001", "class": "od", "type": "fc", "stream": "oper", "step": "6", "levtype": "sfc", "param": "2t", "_offset": 0, "_length": 609069}
      {"domain": "g", "date": "20261126", "time": "0000", "expver": "0001", "class": "od", "type": "fc", "stream": "oper", "step": "6", "levelist": "850", "levtype": "pl", "param": "t", "_offset": 609069, "_length": 450123}
      {"domain": "g", "date": "20261126", "time": "0000", "expver": "0001", "class": "od", "type": "fc", "stream": "oper", "step": "0-6", "levtype": "sfc", "param": "tp", "_offset": 2000000, "_length": 1000}
      {"domain": "g", "date": "20261126", "time": "0000", "expver": "0001", "class": "od", "type": "pf", "stream": "enfo", "step": "6", "levtype": "sol", "levelist": "1", "number": "3", "param": "vsw", "_offset": 3000000, "_length": 77}
      """;

  @Test
  void ecmwfIndexGivesOffsetsAndLengths() {
    List<IndexEntry> entries = EcmwfLayout.ifs().parseIndex(ECMWF_INDEX, 6);
    assertThat(entries)
        .containsExactly(
            new IndexEntry(FieldKey.of("2t", "sfc", 6), 0, 609069),
            new IndexEntry(FieldKey.of("t", "850", 6), 609069, 450123),
            new IndexEntry(FieldKey.of("tp", "sfc", 6), 2000000, 1000),
            new IndexEntry(new FieldKey("vsw", "sol1", 6, 3, ""), 3000000, 77));
  }

  @Test
  void ecmwfGustsOverThreeOrSixHoursAreTheGustOfTheOtherSteps() {
    String index =
        """
        {"step": "90-93", "levtype": "sfc", "param": "10fg3", "_offset": 0, "_length": 100}
        {"step": "144-150", "levtype": "sfc", "param": "10fg6", "_offset": 100, "_length": 100}
        {"step": "89-90", "levtype": "sfc", "param": "10fg", "_offset": 200, "_length": 100}
        """;
    assertThat(EcmwfLayout.ifs().parseIndex(index, 93))
        .extracting(IndexEntry::key)
        .containsExactly(
            FieldKey.of("10fg", "sfc", 93),
            FieldKey.of("10fg", "sfc", 150),
            FieldKey.of("10fg", "sfc", 90));
  }

  @Test
  void ecmwfIndexLineWithoutOffsetIsNamed() {
    assertThatThrownBy(
            () -> EcmwfLayout.ifs().parseIndex("{\"param\":\"2t\",\"levtype\":\"sfc\"}\n", 0))
        .hasMessage("ECMWF index line 1 cannot be read: no _offset or _length");
    assertThatThrownBy(() -> EcmwfLayout.ifs().parseIndex("<html>\n", 0))
        .hasMessageStartingWith("ECMWF index line 1 cannot be read");
  }

  @Test
  void selectionByParamsLevelsStepsAndMembers() {
    GfsLayout gfs = new GfsLayout();
    List<IndexEntry> entries = gfs.parseIndex(GFS_IDX, 6);
    FieldSelection tmpAt850And2m =
        new FieldSelection(List.of("tmp"), List.of("850", "2m"), List.of(0, 6), Set.of());
    assertThat(entries.stream().filter(e -> gfs.wanted(e.key(), tmpAt850And2m)))
        .extracting(e -> e.key().level())
        .containsExactly("850 mb", "2 m above ground");
    FieldSelection everyLevel =
        new FieldSelection(List.of("TMP", "UGRD"), List.of(), List.of(6), Set.of());
    assertThat(entries.stream().filter(e -> gfs.wanted(e.key(), everyLevel))).hasSize(4);
    FieldSelection otherStep = new FieldSelection(List.of("TMP"), List.of(), List.of(12), Set.of());
    assertThat(entries.stream().filter(e -> gfs.wanted(e.key(), otherStep))).isEmpty();

    EcmwfLayout ens = EcmwfLayout.ifsEnsemble();
    FieldKey member3 = new FieldKey("vsw", "sol1", 6, 3, "");
    assertThat(
            ens.wanted(
                member3, new FieldSelection(List.of("vsw"), List.of(), List.of(6), Set.of(3))))
        .isTrue();
    assertThat(
            ens.wanted(
                member3, new FieldSelection(List.of("vsw"), List.of(), List.of(6), Set.of(1, 2))))
        .isFalse();
  }

  @Test
  void adjacentFieldsAreOneRequestAndGapsAreNeverAsked() {
    List<IndexEntry> entries = new GfsLayout().parseIndex(GFS_IDX, 6);
    // TMP 850 (1000+1500) and UGRD 850 (2500+100) touch; TMP 2 m (2600+1400) touches too;
    // PRMSL (0+1000) touches TMP 850; the open-ended TMP 500 stands alone after a gap.
    List<ByteRanges.Range> ranges =
        ByteRanges.merge(List.of(entries.get(5), entries.get(2), entries.get(1), entries.get(3)));
    assertThat(ranges).hasSize(2);
    assertThat(ranges.get(0).offset()).isEqualTo(1000);
    assertThat(ranges.get(0).length()).isEqualTo(3000);
    assertThat(ranges.get(0).header()).isEqualTo("bytes=1000-3999");
    assertThat(ranges.get(0).fields())
        .containsExactly(entries.get(1), entries.get(2), entries.get(3));
    assertThat(ranges.get(1).header()).isEqualTo("bytes=4100-");
    assertThat(ranges.get(1).toEnd()).isTrue();

    // PRMSL and UGRD 850 do not touch: two requests, the 1500 bytes between are not fetched.
    List<ByteRanges.Range> apart = ByteRanges.merge(List.of(entries.get(0), entries.get(2)));
    assertThat(apart)
        .extracting(ByteRanges.Range::header)
        .containsExactly("bytes=0-999", "bytes=2500-2599");
    // A field up to the end merges with the one before it.
    assertThat(ByteRanges.merge(List.of(entries.get(4), entries.get(5))))
        .extracting(ByteRanges.Range::header)
        .containsExactly("bytes=4000-");
  }

  @Test
  void overlappingFieldsAreABrokenIndex() {
    assertThatThrownBy(
            () ->
                ByteRanges.merge(
                    List.of(
                        new IndexEntry(FieldKey.of("a", "sfc", 0), 0, 100),
                        new IndexEntry(FieldKey.of("b", "sfc", 0), 50, 100))))
        .hasMessageContaining("overlap");
  }
}
