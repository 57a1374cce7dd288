import Foundation
import Testing

/// Where outputs go: regular files replaced atomically (their mode kept), symbolic links
/// followed, FIFOs and devices written to and never replaced, several outputs all or none.
@Suite("output targets, end to end")
struct OutputTargetTests {
  let ball = "Examples/bouncing-ball.json"

  @Test func aFIFOIsWrittenToNotReplaced() throws {
    let dir = try CLI.temporaryDirectory()
    let fifo = dir.appendingPathComponent("values.csv").path
    #expect(mkfifo(fifo, 0o644) == 0)
    // A reader on the FIFO while animplot writes into it (a blocking open: it waits for the
    // writer, then reads to its end).
    let reader = Thread {
      let fd = open(fifo, O_RDONLY)
      guard fd >= 0 else { return }
      var buffer = [UInt8](repeating: 0, count: 4096)
      while read(fd, &buffer, buffer.count) > 0 {}
      close(fd)
    }
    reader.start()
    let r = try CLI.run(["eval", ball, "--at", "1", "-o", fifo])
    #expect(r.status == 0, "\(r.stderr)")
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
  }

  @Test func aSymbolicLinkIsFollowedAndAFilesModeKept() throws {
    let dir = try CLI.temporaryDirectory()
    let target = dir.appendingPathComponent("real.png").path
    #expect(FileManager.default.createFile(atPath: target, contents: Data("old".utf8)))
    #expect(chmod(target, 0o600) == 0)
    let link = dir.appendingPathComponent("link.png").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.png")
    let r = try CLI.run(["graph", ball, "--width", "64", "--height", "64", "-o", link])
    #expect(r.status == 0, "\(r.stderr)")
    var info = stat()
    #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link stays a link")
    #expect(stat(target, &info) == 0 && info.st_mode & 0o777 == 0o600, "the file keeps its mode")
    let png = try Data(contentsOf: URL(fileURLWithPath: target))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["link.png", "real.png"])
  }

  @Test func severalOutputsAreAllWrittenOrNone() throws {
    let dir = try CLI.temporaryDirectory()
    let out = dir.appendingPathComponent("out")
    // The second output's place is taken by a folder: the first must not be left behind.
    try FileManager.default.createDirectory(
      at: out.appendingPathComponent("compact.png"), withIntermediateDirectories: true)
    let r = try CLI.run(["graph", ball, "Fixtures/compact.json", "-o", out.path + "/"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("compact.png: cannot write: Is a directory"), "\(r.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["compact.png"])
  }

  @Test func theExtensionOrTheFormatIsNeeded() throws {
    let dir = try CLI.temporaryDirectory()
    let bare = dir.appendingPathComponent("picture").path
    var r = try CLI.run(["graph", ball, "-o", bare])
    #expect(r.status == 2)
    #expect(r.stderr.contains("cannot tell the format without an extension"), "\(r.stderr)")
    r = try CLI.run(["graph", ball, "--width", "64", "--height", "64", "-o", bare, "--format", "svg"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try String(contentsOfFile: bare, encoding: .utf8).contains("<svg"))
    let png = dir.appendingPathComponent("recalc.png").path
    r = try CLI.run(["recalc", ball, "-o", png])
    #expect(r.status == 2)
    #expect(r.stderr.contains("recalc writes format 1 JSON"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: png))
  }
}
