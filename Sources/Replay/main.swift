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

let context = ReplayCLI.Context(
  environment: ProcessInfo.processInfo.environment, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
  standardInput: { FileDescriptorOutput.readStandardInput() })
let result = ReplayCLI.run(Array(CommandLine.arguments.dropFirst()), context: context)
let output = StandardOutput()
result.writeStdout(output.write)
output.flush()
try? FileDescriptorOutput.standardError.write(result.stderr)
exit(result.status.rawValue)
