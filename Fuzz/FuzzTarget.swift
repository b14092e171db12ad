import ExampleScreens
import Foundation
import ViewModelREPL

/// One fuzz input: its lines go through the parser and the interpreter on the example screens.
///
/// The interpreter runs synchronously here (a fuzzer calls back on the main thread and cannot wait
/// for the main actor), so lines whose commands need time to pass are only parsed.
enum FuzzTarget {
    @MainActor
    static func run(_ bytes: UnsafeRawBufferPointer) {
        FuzzHarness.check(bytes)
    }
}

#if FUZZING
    /// libFuzzer's entry for programs that keep their own `main`.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    @main
    struct FuzzMain {
        static func main() {
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
        }
    }

    @_cdecl("LLVMFuzzerTestOneInput")
    func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        // The fuzzer's buffer is copied, so nothing unsafe crosses into the main actor's closure.
        let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
        MainActor.assumeIsolated {
            bytes.withUnsafeBytes { FuzzTarget.run($0) }
        }
        return 0
    }
#else
    /// Without the fuzzer: replays saved inputs (files or folders of them), as `make test` does.
    @main
    struct FuzzReplay {
        static func main() throws {
            var count = 0
            for argument in CommandLine.arguments.dropFirst() {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: argument])
                }
                let files =
                    isDirectory.boolValue
                    ? try FileManager.default.contentsOfDirectory(atPath: argument).sorted().map { argument + "/" + $0 }
                    : [argument]
                for file in files {
                    let data = try Data(contentsOf: URL(fileURLWithPath: file))
                    MainActor.assumeIsolated {
                        data.withUnsafeBytes { FuzzTarget.run($0) }
                    }
                    count += 1
                }
            }
            print("vmrepl-fuzz: \(count) inputs replayed, every invariant held")
        }
    }
#endif
