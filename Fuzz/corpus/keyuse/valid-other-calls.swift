L10n.tr("a")
text("b"
