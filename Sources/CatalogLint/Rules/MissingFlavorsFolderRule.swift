import Diagnostics
import Flavors
import Foundation

/// `missing-flavors-folder`: a `flavors` folder that `flavorkit.json` names and that is not a
/// folder (missing, or a file), so that lint checks no flavor: a misspelled name would
/// otherwise pass as a package without flavors. A missing `localizations` folder is
/// `missing-key`'s: the development language has no catalog there.
struct MissingFlavorsFolderRule: LintRule {
    let name = "missing-flavors-folder"
    let severity = Diagnostic.Severity.warning
    let summary = "a flavors folder flavorkit.json names that does not exist"
    let help =
        "flavorkit.json's \"flavors\" names the folder holding one folder per flavor (Flavors/Light). A name "
        + "that leads to no folder (a typo, a folder moved) leaves every flavor unchecked without a word: fix "
        + "the name, or remove the setting to use Flavors."

    func check(_ context: LintContext) -> [Diagnostic] {
        let layout = context.project.layout
        var isFolder: ObjCBool = false
        guard
            !FileManager.default.fileExists(atPath: layout.flavors.path, isDirectory: &isFolder) || !isFolder.boolValue,
            let location = layout.flavorsSetting
        else { return [] }
        let named = Diagnostic.quote(layout.relativePath(layout.flavors))
        return [
            diagnostic(
                "\"flavors\" names \"\(named)\", which is not a folder here, so no flavor is checked", at: location)
        ]
    }
}
