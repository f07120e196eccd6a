#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The arguments' bytes as the system gave them: `CommandLine.arguments` decodes a file name that is not
/// UTF-8 into another name (U+FFFD for each bad byte), which would then name no file.
func argumentBytes() -> [[UInt8]] {
  // `stride`, not a range: a process may be started with no arguments at all (argc 0).
  stride(from: 1, to: Int(CommandLine.argc), by: 1).map { index in
    guard let argument = CommandLine.unsafeArgv[index] else { return [] }
    return Array(
      UnsafeBufferPointer(
        start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument)))
  }
}

let context = ReplayCLI.Context(
  environment: ProcessInfo.processInfo.environment, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
  standardInput: { FileDescriptorOutput.readStandardInput() }, argumentBytes: argumentBytes())
let result = ReplayCLI.run(Array(CommandLine.arguments.dropFirst()), context: context)
let output = StandardOutput()
result.writeStdout(output.write)
output.flush()
var status = result.status
var stderr = result.stderr
// The report is not all there: say so, and fail the run as a file it could not write does (README, "Exit
// codes"), unless it already failed as wrong usage.
if let failure = output.failure {
  stderr += DiagnosticLine.cannotWriteStandardOutput(failure)
  if status != .usage { status = .inputError }
}
try? FileDescriptorOutput.standardError.write(stderr)
exit(status.rawValue)
