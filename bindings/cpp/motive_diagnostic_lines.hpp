/*
 * motive_diagnostic_lines.hpp: a domain document checked by loading it as motive does, and
 * its diagnostics as log lines: "household: error: /actions/3/effects/0/key: unknown
 * attribute ..." (the JSON Pointer of the value at fault, left out when the diagnostic is about
 * the whole document: "household: error: cannot read FILE: reason"). The Unreal plugin logs
 * them when a domain asset is imported, loaded in the editor or validated, and when a level
 * loads its domain.
 */
#ifndef MOTIVE_DIAGNOSTIC_LINES_HPP
#define MOTIVE_DIAGNOSTIC_LINES_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "motive.hpp"

namespace motive {

/** What a document holds. */
enum class DocumentKind : std::uint8_t {
    /** A domain document. */
    domain,
    /** A scenario whose domain is used (inline, or a file path relative to the working
     * directory for load_json, to the scenario's file for load_file). */
    scenario,
};

/** One line of a check: an error or a warning. */
struct DiagnosticLine {
    /** An error (the document does not load) rather than a warning (lint). */
    bool error = false;
    /** "source: error: /pointer: message". */
    std::string text;
};

/** The line of `diagnostic` about the document called `source`. */
inline DiagnosticLine diagnostic_line(const Diagnostic &diagnostic, std::string_view source) {
    const bool error = diagnostic.severity == MOTIVE_SEVERITY_ERROR;
    std::string text(source);
    text += error ? ": error: " : ": warning: ";
    if (diagnostic.path != nullptr && diagnostic.path[0] != '\0') {
        text += diagnostic.path;
        text += ": ";
    }
    text += diagnostic.message != nullptr ? diagnostic.message : "";
    return DiagnosticLine{error, std::move(text)};
}

/** A document's check: its domain when it loaded, and one line per diagnostic. */
struct DocumentCheck {
    /** The domain (empty when it did not load). */
    Domain domain;
    /** How loading went. */
    Status status;
    /** Every diagnostic as a line, errors and warnings in motive's order; the failure's own
     * message when it failed without diagnostics. */
    std::vector<DiagnosticLine> lines;

    /** Whether the domain loaded. */
    bool ok() const noexcept { return status.ok(); }
    /** How many lines are errors. */
    std::size_t errors() const noexcept {
        std::size_t count = 0;
        for (const DiagnosticLine &line : lines) {
            count += line.error ? 1 : 0;
        }
        return count;
    }
    /** How many lines are warnings. */
    std::size_t warnings() const noexcept { return lines.size() - errors(); }
};

namespace diagnostic_detail {

// Fills `check` from a load's outcome and its diagnostics.
inline void finish_check(DocumentCheck &check, Result<Domain> loaded, const Diagnostics &diagnostics,
                         std::string_view source) {
    check.status = loaded.to_status();
    for (std::size_t i = 0; i < diagnostics.count(); ++i) {
        auto diagnostic = diagnostics.get(i);
        if (diagnostic.ok()) {
            check.lines.push_back(diagnostic_line(diagnostic.value(), source));
        }
    }
    if (!check.status.ok() && check.errors() == 0) {
        check.lines.push_back(DiagnosticLine{
            true, std::string(source) + ": error: " + status_name(check.status.status()) + ": " + check.status.message()});
    }
    if (loaded.ok()) {
        check.domain = std::move(loaded).value();
    }
}

// The scenario's domain, or the scenario's failure.
inline Result<Domain> scenario_domain(Result<Scenario> scenario) {
    if (!scenario.ok()) {
        return scenario.to_status();
    }
    return scenario.value().domain();
}

inline bool blank(std::string_view text) noexcept {
    return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

} // namespace diagnostic_detail

/** Loads the JSON text `json` as a `kind` document called `source` (an asset's name) and
 * returns its domain with a line per diagnostic. A blank document is "the document is empty". */
inline DocumentCheck check_document(std::string_view json, DocumentKind kind, std::string_view source) {
    DocumentCheck check;
    if (diagnostic_detail::blank(json)) {
        check.status = Status::failure(MOTIVE_STATUS_PARSE_ERROR, "the document is empty");
        check.lines.push_back(DiagnosticLine{true, std::string(source) + ": error: the document is empty"});
        return check;
    }
    Diagnostics diagnostics = Diagnostics::create().value_or(Diagnostics());
    Diagnostics *into = diagnostics.get() != nullptr ? &diagnostics : nullptr;
    Result<Domain> loaded = kind == DocumentKind::scenario ? diagnostic_detail::scenario_domain(Scenario::load_json(json, into))
                                                           : Domain::load_json(json, into);
    diagnostic_detail::finish_check(check, std::move(loaded), diagnostics, source);
    return check;
}

/** Loads the file at `path` as a `kind` document called `source`: as check_document, and a
 * file that cannot be read is "source: error: cannot read PATH: reason". */
inline DocumentCheck check_file(CString path, DocumentKind kind, std::string_view source) {
    DocumentCheck check;
    Diagnostics diagnostics = Diagnostics::create().value_or(Diagnostics());
    Diagnostics *into = diagnostics.get() != nullptr ? &diagnostics : nullptr;
    Result<Domain> loaded = kind == DocumentKind::scenario ? diagnostic_detail::scenario_domain(Scenario::load_file(path, into))
                                                           : Domain::load_file(path, into);
    diagnostic_detail::finish_check(check, std::move(loaded), diagnostics, source);
    return check;
}

} // namespace motive

#endif // MOTIVE_DIAGNOSTIC_LINES_HPP
