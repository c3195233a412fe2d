package dev.spotcast.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MalformedQueryFilterTest {

  @Test
  void wellFormedQueriesPass() {
    assertThat(MalformedQueryFilter.problem(null)).isNull();
    assertThat(MalformedQueryFilter.problem("model=demo&lat=45.5")).isNull();
    assertThat(MalformedQueryFilter.problem("time=2026-11-21T06%3A30%3A00%2B01%3A00&params=t%2Cu"))
        .isNull();
    assertThat(MalformedQueryFilter.problem("name=M%C3%BCnchen&x=%25"))
        .isNull(); // UTF-8, and '%' itself
  }

  @Test
  void theFirstMalformedParameterIsNamed() {
    assertThat(MalformedQueryFilter.problem("model=%ZZ&lat=1").parameter()).isEqualTo("model");
    assertThat(MalformedQueryFilter.problem("model=demo&params=t%").parameter())
        .isEqualTo("params");
    assertThat(MalformedQueryFilter.problem("model=demo&params=t%4").parameter())
        .isEqualTo("params");
    assertThat(MalformedQueryFilter.problem("model=%FF").parameter())
        .as("not UTF-8")
        .isEqualTo("model");
    assertThat(MalformedQueryFilter.problem("model=%C3").parameter())
        .as("a cut UTF-8 sequence")
        .isEqualTo("model");
    assertThat(MalformedQueryFilter.problem("pa%ZZrams=t").parameter()).isEqualTo("query");
    assertThat(MalformedQueryFilter.problem("model=%ZZ").detail())
        .contains("two hexadecimal digits")
        .contains("%25");
  }

  @Test
  void decodesAsAFormDoes() {
    assertThat(MalformedQueryFilter.decode("a+b%2Bc")).isEqualTo("a b+c");
    assertThat(MalformedQueryFilter.decode("M%C3%BCnchen")).isEqualTo("München");
    assertThat(MalformedQueryFilter.decode("%e2%82%ac")).isEqualTo("€");
  }
}
