import AnimplotFuzzTargets

/// Decode → recalculate → evaluate → lay out (`FuzzTargets.decodeAndDraw`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  FuzzTargets.decodeAndDraw(Array(UnsafeBufferPointer(start: data, count: count)))
  return 0
}

// SwiftPM links an executable with its entry point renamed to fuzz_decode_main (so that tests
// can load executables); libFuzzer's own main is then not used, so that function runs
// libFuzzer's driver on the target above.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ target: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("fuzz_decode_main")
public func fuzzDecodeMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  var count = argc
  var arguments = argv
  return runFuzzerDriver(&count, &arguments, fuzzDecode)
}
