// The one entry file of every flavor: `Sources/Free/main.swift` and `Sources/Pro/main.swift`
// are symbolic links to it, and each executable target compiles it with its own `-D` flag.
import Flavors
import Foundation
import TasksCore

#if FREE
let flavor = "Free"
let features: [Feature] = []
#elseif PRO
let flavor = "Pro"
let features: [Feature] = [.reminders]
#else
#error("Compile this file with -DFREE or -DPRO")
#endif

exit(TasksApp.run(flavor: flavor, features: features, arguments: Array(CommandLine.arguments.dropFirst())))
