//! Messages that quote what they were given: every diagnostic and every message the C ABI
//! records goes through [`capped`], so a 1 MB name in a document gives a short message, not a
//! 1 MB one (issue 32).

/// The most characters of a quoted name or value a message keeps; longer ones end in "…".
pub const MAX_QUOTE_CHARS: usize = 64;

/// The most characters of a whole message; a longer one ends in "…".
pub const MAX_MESSAGE_CHARS: usize = 1024;

/// `message` with every quoted run (`"…"`, as `{name:?}` writes it) cut to
/// [`MAX_QUOTE_CHARS`], then the whole cut to [`MAX_MESSAGE_CHARS`].
pub fn capped(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(MAX_MESSAGE_CHARS + 8));
    let mut chars = message.chars();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '"' {
            quote(&mut chars, &mut out);
        }
    }
    cut(out, MAX_MESSAGE_CHARS)
}

/// The most characters of a JSON Pointer shown in a message (the diagnostic's own path is
/// whole: it may be as long as the keys it names).
pub const MAX_POINTER_CHARS: usize = 2 * MAX_QUOTE_CHARS;

/// `json` as compact JSON text, cut to [`MAX_QUOTE_CHARS`]: how a message shows a value it
/// did not expect.
pub fn json(json: &serde_json::Value) -> String {
    cut(json.to_string(), MAX_QUOTE_CHARS)
}

/// `text` cut to `max` characters, ending in "…" when it was longer.
pub fn cut(text: String, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text,
    }
}

/// Copies the rest of a quoted run from `chars` (through its closing quote) to `out`, cut to
/// [`MAX_QUOTE_CHARS`]; an escaped quote (`\"`) does not close it.
fn quote(chars: &mut std::str::Chars, out: &mut String) {
    let mut kept = 0;
    let mut escaped = false;
    for c in chars.by_ref() {
        let closes = c == '"' && !escaped;
        escaped = c == '\\' && !escaped;
        if closes {
            out.push('"');
            return;
        }
        kept += 1;
        if kept <= MAX_QUOTE_CHARS {
            out.push(c);
        } else if kept == MAX_QUOTE_CHARS + 1 {
            // A cut escape would escape the ellipsis.
            if out.ends_with('\\') {
                out.pop();
            }
            out.push('…');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quotes_are_cut_and_the_rest_kept() {
        let name = "x".repeat(1_000_000);
        let message = capped(&format!("unknown action {name:?}; did you mean \"eat\"?"));
        let kept = format!("\"{}…\"", "x".repeat(MAX_QUOTE_CHARS));
        assert_eq!(
            message,
            format!("unknown action {kept}; did you mean \"eat\"?")
        );
    }

    #[test]
    fn escapes_neither_close_a_quote_nor_survive_a_cut() {
        assert_eq!(capped(r#"a "b\"c" d"#), r#"a "b\"c" d"#);
        let name = format!("{}\"{}", "y".repeat(MAX_QUOTE_CHARS - 1), "z".repeat(99));
        let message = capped(&format!("{name:?} then"));
        assert_eq!(
            message,
            format!("\"{}…\" then", "y".repeat(MAX_QUOTE_CHARS - 1))
        );
    }

    #[test]
    fn a_long_value_is_cut() {
        let value = serde_json::Value::Array(vec![serde_json::json!([1, 2, 3]); 1000]);
        let shown = json(&value);
        assert_eq!(shown.chars().count(), MAX_QUOTE_CHARS + 1);
        assert!(shown.starts_with("[[1,2,3],") && shown.ends_with('…'));
        assert_eq!(json(&serde_json::json!([1, 2])), "[1,2]");
    }

    #[test]
    fn a_long_message_is_cut_whole() {
        let message = capped(&"m".repeat(5000));
        assert_eq!(message.chars().count(), MAX_MESSAGE_CHARS + 1);
        assert!(message.ends_with('…'));
        assert_eq!(capped("short"), "short");
    }
}
