package dev.spotcast.query.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spotcast.query.search.RunHandoff.HeldDocument;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocumentsFileTest {

  @TempDir Path dir;

  @Test
  void documentsComeBackInTheirOrderAsOneLineEach() throws Exception {
    Path file = dir.resolve("query/documents.txt");
    List<HeldDocument> documents =
        List.of(
            new HeldDocument("gfs", "2026112806", 0, 2.0, 6, 1_038_239, 0x1fL),
            new HeldDocument("ecmwf", "2026112800", 1, 850.0, 0, 7, 1L),
            new HeldDocument("gfs", "2026112806", 0, 0.25, 144, 0, 1L << 63));
    DocumentsFile.save(file, documents);

    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    assertThat(lines).hasSize(5).first().asString().startsWith("#");
    assertThat(lines.get(2)).isEqualTo("gfs 2026112806 0 2.0 6 1038239 1f");
    assertThat(lines.get(4)).isEqualTo("gfs 2026112806 0 0.25 144 0 8000000000000000");
    assertThat(DocumentsFile.load(file)).isEqualTo(documents);
  }

  @Test
  void noFileIsNoDocuments() throws Exception {
    assertThat(DocumentsFile.load(dir.resolve("none.txt"))).isEmpty();
  }

  @Test
  void aLineThatIsNotADocumentIsNamed() throws Exception {
    Path file = dir.resolve("documents.txt");
    Files.writeString(file, "# comment\n\ngfs 2026112806 0 2.0 6 12 1f\ngfs 2026112806 0 2.0 6\n");
    assertThatThrownBy(() -> DocumentsFile.load(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("line 4 has 5 fields, not 7");
    Files.writeString(file, "gfs 2026112806 0 2.0 six 12 1f\n");
    assertThatThrownBy(() -> DocumentsFile.load(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("line 1 is not a document");
    Files.writeString(file, "gfs 2026112806 0 NaN 6 12 1f\n");
    assertThatThrownBy(() -> DocumentsFile.load(file)).hasMessageContaining("a level not finite");
  }
}
