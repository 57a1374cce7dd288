/// libFuzzer's driver, for the entry points of the fuzz targets.
///
/// SwiftPM links an executable with its entry point renamed to `<module>_main` (so that tests
/// can load executables), so libFuzzer's own `main` is not used: each target defines that
/// function and calls `runFuzzer` with its `LLVMFuzzerTestOneInput`.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ target: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's arguments on `target`.
package func runFuzzer(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ target: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt {
  var count = argc
  var arguments = argv
  return runFuzzerDriver(&count, &arguments, target)
}
