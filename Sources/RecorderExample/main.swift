import Foundation
import PresentationStateMachine

// Records a realistic session of the App Store card transition through the file sink, with a live
// auditor printing findings as they happen; then `replay audit PATH` reads the file.
exit(RecorderExample.main(Array(CommandLine.arguments.dropFirst())))
