//! The machine a timing was taken on, in one line, for every report that prints a timing
//! (issue 33: a figure without its machine, population and threads cannot be compared).

/// "CPU model, N logical CPUs, os/arch": the CPU's model from `/proc/cpuinfo` where there is
/// one (Linux), "unknown CPU" elsewhere.
pub fn describe() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| cpu_model(&info))
        .unwrap_or_else(|| "unknown CPU".to_owned());
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!(
        "{model}, {cpus} logical CPUs, {}/{}",
        std::env::consts::OS,
        std::env::consts::ARCH
    )
}

/// The first `model name` of a `/proc/cpuinfo` text.
fn cpu_model(info: &str) -> Option<String> {
    info.lines()
        .filter_map(|line| line.split_once(':'))
        .find(|(key, _)| key.trim() == "model name")
        .map(|(_, value)| value.trim().to_owned())
        .filter(|model| !model.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_is_the_first_model_name() {
        let info = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13 64-Core Processor\n\nprocessor\t: 1\nmodel name\t: other\n";
        assert_eq!(
            cpu_model(info).as_deref(),
            Some("AMD EPYC 7B13 64-Core Processor")
        );
        assert_eq!(cpu_model("processor\t: 0\nmodel name\t:   \n"), None);
        assert_eq!(cpu_model(""), None);
    }
}
