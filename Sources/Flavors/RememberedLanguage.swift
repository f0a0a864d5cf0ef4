import Diagnostics
import FileFormats
import FileWriting
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The language a user chose for a flavor, kept between runs in the user's configuration
/// folder, one file per flavor (by bundle identifier):
/// `$XDG_CONFIG_HOME/<bundle id>/settings.json`, else `~/.config/<bundle id>/settings.json`;
/// on macOS `~/Library/Application Support/<bundle id>/settings.json`. The file is
/// `{"language": "pt-BR:es"}`, written atomically.
public struct RememberedLanguage: Sendable {
    /// The settings file.
    public let file: URL

    /// The settings file of `bundleIdentifier`, or nil when the environment names no
    /// configuration folder (neither `XDG_CONFIG_HOME` nor `HOME`), or when
    /// `bundleIdentifier` is not one (`FlavorIdentity.isBundleIdentifier`): it names a folder
    /// inside the configuration folder, never one elsewhere (`..`, `a/b`).
    public init?(bundleIdentifier: String, environment: [String: String]) {
        guard FlavorIdentity.isBundleIdentifier(bundleIdentifier),
            let folder = Self.configurationFolder(environment: environment)
        else { return nil }
        file = folder.appendingPathComponent(bundleIdentifier).appendingPathComponent("settings.json")
    }

    /// The user's configuration folder: `XDG_CONFIG_HOME`, else `~/.config` (on macOS,
    /// `~/Library/Application Support`).
    public static func configurationFolder(environment: [String: String]) -> URL? {
        #if os(macOS)
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home).appendingPathComponent("Library/Application Support")
        }
        #endif
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg)
        }
        // Absolute only, as XDG_CONFIG_HOME: a relative one would be read from wherever the
        // program runs.
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home).appendingPathComponent(".config")
        }
        return nil
    }

    /// The remembered preferences; nil when nothing is remembered. A file that cannot be
    /// read or is not a settings file is an error naming it (the caller reports it and goes
    /// on as if nothing were remembered).
    public func read() throws(Diagnostic) -> [LanguageTag]? {
        let read: Data?
        do throws(Diagnostic) {
            read = try InputFile.readIfPresent(file, limit: Self.sizeLimit)
        } catch {
            throw Diagnostic(
                "not a settings file (\(error.message)); ignoring the remembered language", path: file.path,
                severity: .warning)
        }
        guard let data = read else { return nil }
        return try Self.preferences(in: data, path: file.path)
    }

    /// The preferences a settings file's bytes hold; anything else is a warning naming `path`.
    package static func preferences(in data: Data, path: String) throws(Diagnostic) -> [LanguageTag] {
        guard let object = try? JSONValues.value(of: data, path: path) as? [String: Any],
            let value = object["language"] as? String,
            let tags = try? LanguagePreferences.parseList(value, source: "language"), !tags.isEmpty
        else {
            throw Diagnostic(
                "not a settings file (expected {\"language\": \"es\"}); ignoring the remembered language",
                path: path, severity: .warning)
        }
        return tags
    }

    /// Remembers `preferences` (most wanted first). The flavor's settings folder and file are
    /// written, never a symbolic link in either place: what it leads to, elsewhere, is not
    /// replaced (the configuration folder itself may be a link, as a user sets it).
    public func remember(_ preferences: [LanguageTag]) throws(Diagnostic) {
        let value = preferences.map(\.description).joined(separator: ":")
        let json = Data(JSONOutput.text(.object([("language", .string(value))])).utf8)
        for path in [file.deletingLastPathComponent().path, file.path] {
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                throw Diagnostic("a symbolic link; the remembered language is not written through it", path: path)
            }
        }
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw Diagnostic("cannot create the settings folder", path: file.deletingLastPathComponent().path)
        }
        try AtomicFile.write(json + Data("\n".utf8), to: file)
    }

    /// The most a settings file is read: it holds one short object.
    static let sizeLimit = 64 * 1024

    /// Forgets the remembered language (nothing to do when none is): removes the settings file
    /// (or a link in its place), never anything else found there, such as a folder.
    public func forget() throws(Diagnostic) {
        var status = stat()
        guard lstat(file.path, &status) == 0 else { return }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFLNK else {
            throw Diagnostic("not a settings file (a folder, or not a file); left as it is", path: file.path)
        }
        guard unlink(file.path) == 0 || errno == ENOENT else {
            throw Diagnostic(
                "cannot remove the remembered language: \(String(cString: strerror(errno)))", path: file.path)
        }
    }
}

/// What decided the languages in use, in the order they are consulted.
public enum LanguageSource: Sendable, Equatable {
    /// The `language` argument (`--lang`).
    case commandLine
    /// The user's remembered choice.
    case remembered
    /// A choice made while the program runs (an interactive session) that could not be
    /// remembered.
    case session
    /// A POSIX environment variable (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES` or `LANG`).
    case environment(String)
    /// Nothing: the development language.
    case development
}
