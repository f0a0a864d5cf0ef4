import Commands
import Flavors

/// The core's commands that change the queue file and move bytes: `add`, `delete` and `run`.
package enum TransferCommands {
    /// `URL`: what `add` transfers.
    package static let url = Argument("URL")
    /// `--title T`: the name shown instead of the URL's file name.
    package static let title = Option.value("title", placeholder: "T", summary: Summary.text("help.option.title"))
    /// `--upload FILE`: send FILE to URL (the `uploads` feature).
    package static let upload = Option.value(
        "upload", placeholder: "FILE", summary: Summary.text("help.option.upload"))
    /// `--into DIR`: where `run` puts downloads (default: the current folder).
    package static let into = Option.value("into", placeholder: "DIR", summary: Summary.text("help.option.into"))

    /// `add URL [--title T] [--upload FILE]`.
    package static let add = Command(
        "add", summary: Summary.text("help.add"), arguments: [url], options: [title, upload])
    /// `delete ID`.
    package static let delete = Command(
        "delete", summary: Summary.text("help.delete"), arguments: [AppCommandLine.transferID])
    /// `run [--into DIR]`.
    package static let run = Command("run", summary: Summary.text("help.run"), options: [into])

    /// In the order `--help` lists them, after `queue`, `show` and `about`.
    package static let all = [add, delete, run]
}
