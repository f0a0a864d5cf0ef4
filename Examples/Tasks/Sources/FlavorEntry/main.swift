// The one entry file of every variant: `Sources/<Variant>/main.swift` are symbolic links to
// it, and each executable target compiles it with its flavors' `-D` flags, one per dimension
// (`ProStaging`: `-DPRO -DSTAGING`; see flavorkit.json).
import Flavors
import Foundation
import TasksCore

#if FREE
let tier = "Free"
let tierFeatures: [Feature] = []
#elseif PRO
let tier = "Pro"
let tierFeatures: [Feature] = [.reminders]
#else
#error("Compile this file with -DFREE or -DPRO")
#endif

#if STAGING
let environment = "Staging"
let environmentFeatures: [Feature] = [.stagingBanner]
#elseif PRODUCTION
let environment = "Production"
let environmentFeatures: [Feature] = []
#else
#error("Compile this file with -DSTAGING or -DPRODUCTION")
#endif

exit(
    TasksApp.run(
        flavor: tier + environment, features: tierFeatures + environmentFeatures,
        arguments: Array(CommandLine.arguments.dropFirst())))
