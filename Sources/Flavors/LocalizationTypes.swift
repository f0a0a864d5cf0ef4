// `import Flavors` is enough for a program: the Localization types Flavors' API shows
// (`FormatArgument`, `LanguageTag`, `LocalizedText`, `Localizer`, …) come with it.
@_exported import Localization
