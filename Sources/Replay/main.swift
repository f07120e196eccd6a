import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

let context = ReplayCLI.Context(
  environment: ProcessInfo.processInfo.environment, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
  standardInput: { String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) })
let result = ReplayCLI.run(Array(CommandLine.arguments.dropFirst()), context: context)
let output = StandardOutput()
result.writeStdout(output.write)
output.flush()
FileHandle.standardError.write(Data(result.stderr.utf8))
exit(result.status.rawValue)
