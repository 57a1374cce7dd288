import AnimplotFuzzTargets
import AnimplotIO
import Foundation
import FuzzDriver

/// The importer that `ANIMPLOT_FUZZ_KIND` names (`gltf`, `lottie`, `unity`, `csv`, … as
/// `--input-format` spells them), then drawn as `fuzz-decode` does
/// (`FuzzTargets.importAndDraw`): one fuzzer per importer without a kind byte to spend
/// mutations on.
let kind: InputKind = {
  let name = ProcessInfo.processInfo.environment["ANIMPLOT_FUZZ_KIND"] ?? ""
  guard let kind = InputKind.named(name) else {
    fatalError("ANIMPLOT_FUZZ_KIND must be one of \(InputKind.all.map(\.name).joined(separator: ", ")), not '\(name)'")
  }
  return kind
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  FuzzTargets.importAndDraw(Array(UnsafeBufferPointer(start: data, count: count)), kind: kind)
  return 0
}

@_cdecl("fuzz_import_main")
public func fuzzImportMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  _ = kind
  return runFuzzer(argc, argv, fuzzImport)
}
