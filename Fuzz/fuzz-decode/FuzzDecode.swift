import AnimplotFuzzTargets
import FuzzDriver

/// Decode → recalculate → evaluate → lay out (`FuzzTargets.decodeAndDraw`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  FuzzTargets.decodeAndDraw(Array(UnsafeBufferPointer(start: data, count: count)))
  return 0
}

@_cdecl("fuzz_decode_main")
public func fuzzDecodeMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzDecode)
}
