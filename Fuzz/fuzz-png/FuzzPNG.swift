import AnimplotFuzzTargets
import FuzzDriver

/// Two PNG files decoded and compared as `diff` does (`FuzzTargets.decodeAndDiff`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  FuzzTargets.decodeAndDiff(Array(UnsafeBufferPointer(start: data, count: count)))
  return 0
}

@_cdecl("fuzz_png_main")
public func fuzzPNGMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzPNG)
}
