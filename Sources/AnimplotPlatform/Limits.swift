/// Limits on what input can make animplot read, allocate or draw, each defined once here and
/// listed in the README ("Limits"). A limit crossed is a one-line error (exit 2) or, for text,
/// a cut with an ellipsis; never an abort.
package enum Limits {
  /// The most bytes read from one input: an action file, a PNG compared by `diff` or `check`,
  /// a glTF's buffers together, a `.lottie` archive's inflated entries. 1 GiB, or `ANIMPLOT_MAX_INPUT`
  /// (bytes, or with a K, M or G suffix) when set. Enforced while reading, so an endless input
  /// (`/dev/zero`, a pipe) stops there.
  package static var inputBytes: Int { inputSetting.bytes }

  /// Why `ANIMPLOT_MAX_INPUT` cannot be used, when it is set to something that is not a size
  /// (then `inputBytes` keeps its default, and the command line refuses to run).
  package static var inputBytesProblem: String? { inputSetting.problem }

  /// `ANIMPLOT_MAX_INPUT` read once: the limit, and what is wrong with the variable if anything.
  private static let inputSetting: (bytes: Int, problem: String?) = {
    guard let text = FileSystem.environment("ANIMPLOT_MAX_INPUT"), !text.isEmpty else { return (1 << 30, nil) }
    guard let limit = parseSize(text) else {
      return (
        1 << 30,
        "ANIMPLOT_MAX_INPUT=\(text): expected a number of bytes, or one with a K, M or G suffix (e.g. 2G), from 1 to 2^62"
      )
    }
    return (limit, nil)
  }()

  /// `inputBytes` as messages say it, with the way to raise it.
  package static var inputBytesDescription: String {
    let n = inputBytes
    let size = n % (1 << 30) == 0 ? "\(n >> 30) GiB" : n % (1 << 20) == 0 ? "\(n >> 20) MiB" : "\(n) bytes"
    return size + " (set ANIMPLOT_MAX_INPUT to raise it)"
  }

  /// What every message says of an input over the limit (`FileSystem.readBytes` throws `EFBIG`).
  package static var inputBytesExceeded: String { "larger than animplot's input limit, \(inputBytesDescription)" }

  /// The most Unicode scalars (one glyph each) of one piece of text drawn from input (a channel, group, action or
  /// marker name); longer text is cut and ends in "…". Layout JSON and eval keep the whole text.
  package static let drawnTextCharacters = 200

  /// The most pixels of an image `diff` and `check` allocate: each decoded PNG, and the area
  /// two images of different sizes are compared over (8192 × 8192).
  package static let imagePixels = 1 << 26

  /// The most processor time, in seconds, `rsvg-convert` may take to rasterise one SVG for
  /// `check` (Linux; past it, it is stopped and the case fails, saying so). A plain 8192 × 8192
  /// picture took 2 s, a 3200 × 1800 Graph Editor 3.7 s; 40 blurred rectangles at 8000 × 8000
  /// went on past a minute.
  package static let rasterizingSeconds = 60

  /// The most device pixels of a PNG animplot draws (width · scale × height · scale): the
  /// raster surface takes 4 bytes each, so 8192 × 8192 is 256 MB.
  package static let picturePixels = 1 << 26

  /// The most device pixels of one raster animation (`play`, `preview`, `morph` as an APNG or
  /// a folder of PNG frames), all its pictures together: each is copied, drawn over, compared
  /// and encoded whole. At the limit (32 pictures of 8192×8192, a release build on a loaded
  /// 2-core machine) `play` took 4.3 s and `preview` 8.8 s (a 7.9 MB APNG); 9,999 of them
  /// would have taken an hour. W1's 120 pictures of 1600×900 are a twelfth of it.
  package static let animationPixels = 1 << 31

  /// The most curves × device columns of one Graph Editor (`graph`, `play --editor graph`):
  /// every curve, a ghost too, is stroked across the plot's width. At the limit 70,000 curves
  /// across the default width took 10.7 s and 6,000 across 16,384 × 4,096 7.0 s (a loaded
  /// machine); 100,000 across 16,384 ran past a minute. W2 and W5 are under 500,000.
  package static let graphCurveColumns = 100_000_000

  /// The most items one hit test's layout holds (`serve`'s `/api/hit`, which keeps the last few
  /// layouts for the next point of the same picture): the Graph Editor's path elements (a curve
  /// drawn sampled, one with any modifier, holds two per logical pixel of the plot; one of keys
  /// a few per segment in view, at most three per dense device column), weighed before the
  /// layout is made. An element takes 56 bytes: 600 sampled curves across 16,384 pixels held
  /// 1 GB. The Dope Sheet's and Timeline's marks are held to `dopeSheetMarks`, as many.
  package static let hitLayoutItems = 4_000_000

  /// The most device rows the strokes of one raster Graph Editor cross (its curves, ghosts and
  /// handle lines, one more a segment): Cairo's cost of a stroke grows with the rows it crosses,
  /// about 30 ns each on a loaded 2-core machine (one curve sampled across 8192 × 8192 that
  /// swings over the whole plot at every sample crossed 133 million rows in 4.3 s). A curve
  /// crossing more than `CurveBands.rowsPerColumn` rows a pixel column is drawn as bands
  /// instead, so this counts curves that cross the plot fewer times, and handle lines.
  package static let graphStrokeRows = 500_000_000

  /// The most device pixels one raster Graph Editor fills with the bands of curves that cross
  /// the plot in every pixel column (`CurveBands`): 600 such curves across 16,384 × 400 fill
  /// 3.6 billion and took 14 s (a loaded 2-core machine), where their strokes ran past a minute.
  package static let graphBandPixels = 4_000_000_000

  /// The most key vertices and handles one raster Graph Editor draws (a handle counts twice: its
  /// line and its ring): 9 million vertices took 4 s of the 11 s a 9-million-key file took to
  /// draw (a loaded 2-core machine).
  package static let graphMarks = 12_000_000

  /// The most key marks (keys, plus their handles when drawn) one SVG or PDF holds: vector
  /// surfaces keep every mark in memory until the file is finished. PNG has no such limit.
  package static let vectorMarks = 500_000

  /// The most keys and handles `graph --format json` lists: each takes a dozen lines of text
  /// (3 million keys would make a gigabyte), so the layout JSON holds what an SVG may.
  package static let layoutMarks = vectorMarks

  /// The most rows, key columns, hold bars and interpolation lines one Dope Sheet (or the
  /// Timeline's row) lays out, in every format, counted as its rows are made: each is held in
  /// the layout and, drawn, in the picture's paths (the Summary of a million-key channel is
  /// three rows of a million columns each).
  package static let dopeSheetMarks = 4_000_000

  /// The most shards a `check` run is split into (`--shard I/N`, and a summary `merge` reads):
  /// `merge` lists the shards it misses, so N is held to what a person could run.
  package static let shards = 10_000

  /// The most cases `merge` reads, all its summaries together, counted in each summary before
  /// it is parsed: a summary of a million passing cases, 238 MB, took 2.1 GB, and two shards of
  /// it with `--report` aborted. At the limit (two shards of 50,000, with `--report`, `--junit`
  /// and `--json`) merge took 380 MB and 4.4 s (a release build on a loaded 2-core machine). A
  /// run of animplot's own Fixtures holds ten; a large CI suite a few thousand.
  package static let summaryCases = 100_000

  /// The most bytes of the summaries `merge` reads, all together (each is also an input, held
  /// to `inputBytes`), weighed before each is read: the images of the failing cases are in
  /// them, in Base64, held decoded and written again into the HTML report and the JSON summary,
  /// about five times their bytes at the peak. At the limit, with `--report`, `--junit` and
  /// `--json`: 2,700 failing cases of 240×135 took 690 MB, one case of 90 MB of images 580 MB;
  /// twice the limit took 1.35 GB.
  package static let summaryBytes = 128 << 20

  /// The largest count or size a `check` summary may hold (pixels, sizes, windows): 2⁵³, the
  /// largest whole number a double holds exactly; a negative one is refused too.
  package static let summaryCount = 1 << 53

  /// The largest measure a `check` summary may hold (seconds, RMS, a ratio); a negative one,
  /// or one beyond this, is refused rather than written back into a report.
  package static let summaryMeasure = 1e9

  /// The most pieces (lines and curves, after merging those under a pixel and leaving out
  /// those drawn already) one motion path (`path`) strokes: drawing costs per piece, and
  /// samples that jump across the picture each make one. 50,000 take about 9 s.
  package static let pathElements = 50_000

  /// The most values one `eval` gives, frames × channels (`/api/eval` of `serve` too): the
  /// table and its text are held whole until written (60 million, 10 million frames of 6
  /// channels, took 1.85 GB in the server); 10 million take under 500 MB there.
  package static let evaluatedValues = 10_000_000

  /// The most steps of modifier evaluation one command makes, weighed before it evaluates
  /// (`ModifierWork`): each channel's steps an evaluation (a step is a Noise octave, an
  /// Envelope control point, a Generator coefficient, or a modifier of any type) times the
  /// evaluations the command makes of it (a graph's sample columns and framing samples, eval's
  /// frames, a path's samples, ...), every channel together. The costliest step is a Perlin
  /// octave of Blender 5.0's noise: at the limit, `eval` of one such channel took 13.5 s (a
  /// release build on a loaded 2-core machine). The costliest stack of Blender's modifier
  /// answers is 15 steps: a graph of it takes 54,000, and `eval`'s most values 150 million.
  package static let modifierSteps = 250_000_000

  /// The most tracks one imported file (glTF, Lottie, Unity, CSV) makes, and one action file
  /// of animplot's own format holds, all its actions together, counted as they are read (a
  /// track needs no key: `{"dataPath":"a","keyframes":[]}` is 32 bytes, and 10 million of
  /// them, 100 actions of 100,000, took `info` 41 s and 2.7 GB): a glTF of a million channels
  /// took 2.7 GB, and every view lists each track (a Graph Editor of 300,000 two-key curves
  /// took 40 s). The largest real files read hold a few hundred.
  package static let importedTracks = 100_000

  /// The most actions one action file of animplot's own format holds, and one glTF makes (an
  /// animation each), counted as they are read: an action needs no track (`{"tracks":[]}` is 13
  /// bytes: 40 million aborted `info`; a million glTF animations without channels, 30 MB, took
  /// 850 MB), and each is a few hundred bytes in memory and lines of `info`.
  package static let actions = 100_000

  /// The most modifiers one action file of animplot's own format holds, all its tracks and
  /// actions together, counted as they are read: `{"type":"limits"}` is 18 bytes and is
  /// written back in 160 (5 million took `recalc` 1.98 GB to write 810 MB; 30 million aborted
  /// `info`). The largest real files read hold 599 (at most 3 on a track).
  package static let modifiers = 100_000

  /// The most Envelope control points one action file of animplot's own format holds, all its
  /// Envelopes together, counted as they are read: `{"frame":1}` is 12 bytes, written back in
  /// 35 (30 million took `recalc` past 3.8 GB). The largest real files read hold 218 (at most
  /// 5 in one Envelope).
  package static let envelopePoints = 100_000

  /// The most markers one action file of animplot's own format holds, all its actions together
  /// (and one edit script's scene), counted as they are read: each is drawn in every editor
  /// (about 20 µs each: a million took 20 s).
  package static let markers = 100_000

  /// The most curves an interactive HTML Graph Editor (`graph --format html`) draws: each is a
  /// layer of its own, a PNG of the whole picture (about 20 ms and 60 KB each; 2,000 took 45 s).
  package static let interactiveCurves = 256

  /// The most device pixels of the layers of one interactive HTML Graph Editor together (each
  /// curve's layer, and the ones under and over the curves, is a PNG of the whole picture):
  /// 8 layers of 8192×8192 took 6.8 s, 16 15.3 s (a loaded machine); 258 layers of the default
  /// 1600×900 (the most curves, 6.1 s) are 70% of it.
  package static let interactiveLayerPixels = 1 << 29

  /// The most objects × pictures one `preview` draws (each object's shape and transform in
  /// every picture, about 25 µs each for a small square: 30,000 objects over 16 pictures took
  /// 11.5 s on a release build on a loaded 2-core machine). A shape's points and the pixels it
  /// covers are weighed besides (`previewShapePoints`, `previewShapePixels`).
  package static let previewObjectPictures = 500_000

  /// The most shape points × objects × pictures one `preview` draws (`--shape`: each point is
  /// moved, filled and outlined in every picture, about 0.8 µs each: a 4,096-point shape on 3
  /// objects over 9,999 pictures, 123 million, took 102 s). A built-in shape has at most a few
  /// hundred points; path data is resampled to at most 4,096.
  package static let previewShapePoints = 50_000_000

  /// The most device pixels the shapes of one raster `preview` cover, all pictures together
  /// (each object's shape at its largest, at most the whole view, in every picture): filling
  /// and outlining a shape costs its area, about 0.9 ns a pixel. Objects that barely move are
  /// framed by their shape, which then fills the view: 300 of them over 300 pictures of the
  /// default 1600 × 900, 26 billion, took 23 s (a release build on a loaded 2-core machine);
  /// 300 objects × 1,491 pictures (the most of that size) would have taken two minutes.
  package static let previewShapePixels = 30_000_000_000

  /// The most keys one action file animplot writes holds (`import`, `recalc`, `edit`): at
  /// about 190 bytes of JSON each, more could not be read back under the input limit, and the
  /// text is held whole until written (9 million keys took 3.4 GB to write 1.7 GB). Modifiers
  /// weigh as keys: a modifier is written in about as many bytes as a key (a Limits modifier in
  /// 160), each of an Envelope's control points and a Generator's coefficients in a fifth as
  /// many or fewer (`ActionEncoder.refusal`).
  package static let writtenKeys = 4_000_000

  /// The most keys one imported file makes, all tracks together (about 50 bytes each: 10
  /// million are half a gigabyte); sampled keys (a Lottie spatial segment or time remap, a
  /// glTF accessor used by many channels) count too. One action file of animplot's own format
  /// holds as many, all its actions together, counted as they are read (the compact form
  /// writes a key in two bytes, `0,`: 45 million took 2.4 GB), and its compact timeline as
  /// many frames.
  package static let importedKeys = 10_000_000

  /// The most frames of Lottie time remaps one import works out: each use of a time-remapped
  /// precomp (and of a precomp inside one) maps every root frame sampled (up to 100,001) to its
  /// own once, for all the tracks under it; as many as keys. A frame takes about 0.14 µs:
  /// three chains of 31 nested remaps, 9.3 million frames, took 1.3 s.
  package static let remappedFrames = importedKeys

  /// The most JSON values the Lottie importer walks: each use of a precomp walks its layers
  /// again (every layer, transform, shape item and key, animated or not, and only animated
  /// ones make tracks and keys the other limits count). A value takes about 0.35 µs: 999 uses
  /// of a precomp of 4,990 plain shape items, 10 million values, took 3.4 s.
  package static let lottieWalkedValues = 10_000_000

  /// The most JSON values one document read whole holds (a glTF's JSON, a Lottie animation
  /// and a `.lottie` archive's manifest, a `check` summary; a Unity clip's YAML lines and
  /// values together), counted as it is parsed, before each is made: a value is held at about
  /// 30 bytes, whatever it is written in (`0,` is two), so the input limit does not bound them
  /// (a `.lottie` of 292 KB inflating to 150 million zeros aborted at 4.3 GB; refused at this
  /// limit it peaks under 1 GB). The top-level members a glTF or Lottie importer never reads
  /// are read through unmade and not counted (`JSONNode.parse`). The largest real file read,
  /// a Lottie of 88 KB, holds 14,352.
  package static let jsonValues = 10_000_000

  /// The most bytes of one value of a Unity clip's YAML: a line, or a plain scalar continued
  /// over lines (1 MiB). A line is read as characters of 16 bytes each (a 1 GB line would take
  /// 16 GB); Unity writes lines of a few tens of bytes.
  package static let yamlValueBytes = 1 << 20

  /// The most bytes (UTF-8) of one name read from input: a data path, label, group, action,
  /// marker or object name of animplot's format (the compact form's channels, the objects
  /// `rotationModes` names), a glTF node, mesh target or animation name or animation
  /// pointer, a Lottie layer or shape name and each path built of names (a layer's through its
  /// precomps and parents, a shape item's through its groups, a property's data path, checked
  /// as it grows: 64 groups of long names made 132 KB paths), a Unity path or attribute, a CSV
  /// column's header. Every name is
  /// held, listed and matched by each channel glob, at a cost that grows with its length
  /// (6,000 tracks of 100 KB data paths, 600 MB, took `info` 2.6 GB and `eval` past a
  /// minute; at this limit, 100,000 tracks of 1,024-byte data paths, a 999-character glob took
  /// `eval` 29 s on a loaded 2-core machine). Blender's names are at most 63 bytes; the longest name of the real files read
  /// is 36.
  package static let nameBytes = 1_024

  /// The most entries of the `rotationModes` of one action file of animplot's format, all its
  /// actions together, counted as they are read: `"a":"XYZ",` is 10 bytes, and each object
  /// named that the action does not have is a warning (6 million took `info` 46 s).
  package static let rotationModes = 100_000

  /// The most numbers one glTF's accessors decode, all together (2²⁶, 256 MB of floats):
  /// accessors may share a buffer view, and one without a buffer view is zeros of any count.
  package static let accessorValues = 1 << 26

  /// The most numbers per key of one Lottie property (a position has 2 or 3, a colour 4):
  /// each is a track, and a spatial segment is measured over all of them.
  package static let lottieDimensions = 16

  /// The most bytes of a text reference (`.layout.json`, `.displaylist.txt`) `check` lays
  /// out one member per line (256 MiB; a reference that would grow past it is compared as
  /// written), and the most lines of either side it diffs (8 million: each line costs the
  /// diff about 60 bytes); a reference of more lines fails its case without a diff.
  package static let comparedTextBytes = 1 << 28
  package static let comparedTextLines = 8_000_000

  /// The most characters of one channel glob (`--channels`, each `--hide`, commas and all):
  /// matching costs each name's length times the pattern's over 64 (a 1,000-character
  /// pattern against a 100 MB data path is about 30 s); a person's pattern is far shorter.
  package static let channelPatternCharacters = 1_000

  /// The most words of one command: its command line, a `check` case's options once its
  /// `--ignore` rectangles are taken out (they are read apart, in linear time), the options of
  /// a `serve` request. ArgumentParser's parsing grows with the square of repeated options
  /// (8,000 words of `--hide` took 1.9 s, 16,000 7.5 s, 20,000 over a minute, whatever the
  /// verb); 2,000 parse in about a tenth of a second, and a person's command holds tens.
  package static let commandWords = 2_000

  /// The most operations one edit script holds (`edit --ops`, `serve`'s `/api/edit`): a script
  /// of a person or a tool holds tens or hundreds; the decoder refuses the one past this.
  package static let editOperations = 100_000

  /// The most work one run of edit scripts does (`edit`, one `/api/edit` of `serve`), in key
  /// visits: before each operation, what it will visit (every key and curve of the action
  /// then, a transform's keys three times, and what grows faster, such as `decimate`'s search:
  /// `EditDocument.cost(of:)`) is added to what the operations before it visited, and the
  /// operation that would pass this is refused before it runs. `decimate`'s refits, which
  /// only its run can tell (a zigzag of Bézier keys refits far more than a noisy curve), are
  /// counted as it goes, and it stops once past what is left (`EditDocument.workBudget`). On a
  /// release build a visit takes up to 0.4 µs (a smooth; a transform's three 1.1 µs): 20
  /// million take 8 s at most.
  package static let editWork = 20_000_000

  /// The most keys an edited action holds after an operation (`sample`, `duplicate_move`,
  /// `paste` and the inserts add keys), checked before the operation runs: an action of 3
  /// million keys took 1.8 GB to edit and write (800 MB of JSON).
  package static let editKeys = 2_000_000

  /// The most bytes of one `check` case's options (`NAME.args`, a folder's `check.args`): a
  /// case's options are a few lines (the largest of Fixtures/ is 267 bytes), and every word is
  /// kept while the case is parsed; 1 MiB holds some 45,000 `--ignore` rectangles.
  package static let caseOptionsBytes = 1 << 20

  /// `123`, `64K`, `512M`, `2G` (binary multiples) as bytes.
  package static func parseSize(_ text: String) -> Int? {
    var digits = Substring(text.uppercased())
    var unit = 1
    if let last = digits.last, let shift = ["K": 10, "M": 20, "G": 30][String(last)] {
      unit = 1 << shift
      digits = digits.dropLast()
    }
    // At most 2⁶² bytes, so that one byte past the limit is still an Int.
    guard let n = Int(digits), n > 0, n <= (1 << 62) / unit else { return nil }
    return n * unit
  }
}
