import AnimplotCairo
import Testing

@Suite("PNG chunks")
struct PNGChunksTests {
  @Test("a chunk is its length, type, data and CRC, as in every PNG")
  func knownChunks() {
    // IEND, and the IHDR of a 1×1 8-bit RGBA picture, byte for byte as the PNG specification's
    // examples and every encoder write them.
    #expect(PNGChunks.chunk("IEND", []) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    #expect(
      PNGChunks.chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
        == [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89])
    var file: [UInt8] = [1]
    PNGChunks.appendBigEndian(0x0102_0304, to: &file)
    #expect(file == [1, 1, 2, 3, 4])
  }
}
