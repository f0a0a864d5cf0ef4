import Diagnostics
import Flavors
import Foundation

/// `missing-flavors-folder`: a `flavors` folder that `flavorkit.json` names and that is not a
/// folder, so that lint checks no flavor (a misspelled name would otherwise pass as a package
/// without flavors). A missing `localizations` folder is `missing-key`'s: the development
/// language has no catalog there.
struct MissingFlavorsFolderRule: LintRule {
    let name = "missing-flavors-folder"
    let severity = Diagnostic.Severity.warning
    let summary = "a flavors folder flavorkit.json names that does not exist"
    let help =
        "flavorkit.json's \"flavors\" names the folder holding one folder per flavor (Flavors/Light). A name "
        + "that leads nowhere (a typo, a folder moved) leaves every flavor unchecked without a word: fix the "
        + "name, or remove the setting to use Flavors."

    func check(_ context: LintContext) -> [Diagnostic] {
        let layout = context.project.layout
        guard let location = layout.folderSettings["flavors"] else { return [] }
        var isFolder: ObjCBool = false
        guard
            !FileManager.default.fileExists(atPath: layout.flavors.path, isDirectory: &isFolder) || !isFolder.boolValue
        else { return [] }
        let named = Diagnostic.visible(String(layout.flavors.path.dropFirst(layout.root.path.count + 1)))
        return [
            diagnostic("\"flavors\" names \(named), which is not a folder here, so no flavor is checked", at: location)
        ]
    }
}
