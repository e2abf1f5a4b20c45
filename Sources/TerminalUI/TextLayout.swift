/// Display width and fitting of text in terminal columns.
///
/// Widths are per grapheme cluster (``Swift/Character``): East Asian wide and fullwidth
/// characters and emoji presentation (including emoji sequences and flags) count 2,
/// combining marks and other zero-width characters 0, control characters 0, the rest 1.
/// East Asian ambiguous characters count 1, as in non-CJK locales.
public enum TextLayout {
    /// The number of terminal columns `text` takes.
    public static func width(of text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// The number of terminal columns one character takes: 0, 1 or 2.
    static func width(of character: Character) -> Int {
        var widest = 0
        var hasEmojiSelector = false
        for scalar in character.unicodeScalars {
            if scalar.value == 0xFE0F { hasEmojiSelector = true }
            widest = max(widest, CharacterWidth.of(scalar))
        }
        // A text-default symbol followed by VS16 (❤️, ☺️, 1️⃣) is shown as a wide emoji.
        if hasEmojiSelector, widest < 2, character.unicodeScalars.first?.properties.isEmoji == true {
            return 2
        }
        return widest
    }

    /// `text` cut to at most `width` columns, ending in `…` when something was cut.
    ///
    /// A wide character that would straddle the edge is left out, so the result can be one
    /// column narrower than `width`. A `width` of zero or less gives `""`.
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        guard self.width(of: text) > width else { return text }
        let budget = width - 1  // one column for the ellipsis
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = self.width(of: character)
            if used + characterWidth > budget { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }

    /// `text` truncated to `width` columns, then padded with spaces to exactly `width`.
    public static func pad(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        let fitted = truncate(text, toWidth: width)
        let missing = width - self.width(of: fitted)
        return missing > 0 ? fitted + String(repeating: " ", count: missing) : fitted
    }

    /// `line` without the spaces at its end.
    public static func trimmingTrailingSpaces(_ line: String) -> String {
        var end = line.endIndex
        while end > line.startIndex {
            let before = line.index(before: end)
            guard line[before] == " " else { break }
            end = before
        }
        return String(line[..<end])
    }

    /// Word-wraps `text` into lines of at most `width` columns.
    ///
    /// Newlines (`\n`, `\r\n`, …) end a paragraph; an empty paragraph gives an empty line.
    /// Within a paragraph, runs of whitespace between words become one space and leading and
    /// trailing whitespace is dropped. A word longer than `width` is broken across lines.
    /// Other control characters are sanitized first (see ``sanitize(_:)``). Returns `[]`
    /// for empty text or a `width` of zero or less; never returns a line wider than `width`.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0, !text.isEmpty else { return [] }
        var lines: [String] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            wrapParagraph(sanitize(String(paragraph)), width: width, into: &lines)
        }
        return lines
    }

    private static func wrapParagraph(_ paragraph: String, width: Int, into lines: inout [String]) {
        let words = paragraph.split(whereSeparator: isBreakingSpace)
        guard !words.isEmpty else {
            lines.append("")
            return
        }
        var current = ""
        var currentWidth = 0
        for word in words {
            let wordWidth = self.width(of: String(word))
            if !current.isEmpty {
                if currentWidth + 1 + wordWidth <= width {
                    current += " " + word
                    currentWidth += 1 + wordWidth
                    continue
                }
                lines.append(current)
                current = ""
                currentWidth = 0
            }
            if wordWidth <= width {
                current = String(word)
                currentWidth = wordWidth
                continue
            }
            // Break the long word; its last piece may take following words.
            for character in word {
                let characterWidth = self.width(of: character)
                if characterWidth > width {
                    // A wide character in a one-column wrap cannot be shown at all.
                    if !current.isEmpty { lines.append(current) }
                    lines.append(truncate(String(character), toWidth: width))
                    current = ""
                    currentWidth = 0
                    continue
                }
                if currentWidth + characterWidth > width {
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                }
                current.append(character)
                currentWidth += characterWidth
            }
        }
        if !current.isEmpty { lines.append(current) }
    }

    /// Whitespace that separates words; no-break spaces do not.
    private static func isBreakingSpace(_ character: Character) -> Bool {
        guard character.isWhitespace else { return false }
        switch character.unicodeScalars.first?.value {
        case 0x00A0?, 0x2007?, 0x202F?: return false
        default: return true
        }
    }

    /// `text` with every control character (C0 including `ESC`, `\t` and newlines, `DEL`,
    /// C1), bidirectional override and isolate (U+202A–U+202E, U+2066–U+2069) and line or paragraph
    /// separator (U+2028, U+2029) replaced by a space, so untrusted text can neither move the cursor,
    /// change modes, reorder the rest of the line nor break it.
    /// Each such scalar becomes one space (`\r\n` becomes two).
    public static func sanitize(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isUnsafe(scalar) ? " " : scalar)
        }
        return String(scalars)
    }

    /// Controls, bidirectional overrides and isolates, and line and paragraph separators.
    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        CharacterWidth.isControl(scalar) || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}

/// Column widths of single Unicode scalars.
enum CharacterWidth {
    /// C0 controls, `DEL` and C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// 0, 1 or 2 columns for one scalar on its own.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }  // fast path for ASCII
        if isControl(scalar) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark:
            return 0
        case .format:
            return value == 0x00AD ? 1 : 0  // the soft hyphen is shown
        default:
            break
        }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) {
            return 0  // Hangul medial vowels and final consonants join the leading consonant
        }
        if scalar.properties.isEmojiPresentation || isWide(value) { return 2 }
        return 1
    }

    /// Whether `value` is East Asian Wide or Fullwidth (emoji are handled separately).
    static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks, sorted, not overlapping.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo leading consonants
        0x2329...0x232A,  // angle brackets
        0x2E80...0x2E99, 0x2E9B...0x2EF3,  // CJK radicals supplement
        0x2F00...0x2FD5,  // Kangxi radicals
        0x2FF0...0x303E,  // ideographic description, CJK symbols and punctuation
        0x3041...0x3096, 0x3099...0x30FF,  // Hiragana, Katakana
        0x3105...0x312F,  // Bopomofo
        0x3131...0x318E,  // Hangul compatibility Jamo
        0x3190...0x31E5,  // Kanbun, Bopomofo extended, CJK strokes
        0x31EF...0x321E, 0x3220...0x3247,  // enclosed CJK letters
        0x3250...0x4DBF,  // enclosed CJK, CJK compatibility, CJK extension A
        0x4E00...0xA48C,  // CJK unified ideographs, Yi syllables
        0xA490...0xA4C6,  // Yi radicals
        0xA960...0xA97C,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B,  // CJK compatibility and small forms
        0xFF01...0xFF60, 0xFFE0...0xFFE6,  // fullwidth forms
        0x16FE0...0x16FE4, 0x16FF0...0x16FF1,  // ideographic symbols
        0x17000...0x187F7, 0x18800...0x18CD5, 0x18D00...0x18D08,  // Tangut, Khitan
        0x1AFF0...0x1AFF3, 0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE,  // Kana extended B
        0x1B000...0x1B122, 0x1B132...0x1B132, 0x1B150...0x1B152, 0x1B155...0x1B155,  // Kana
        0x1B164...0x1B167, 0x1B170...0x1B2FB,  // small Kana, Nushu
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,  // enclosed ideographs
        0x1F250...0x1F251, 0x1F260...0x1F265,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,  // CJK extensions B and later
    ]
}
