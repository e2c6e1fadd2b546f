//! Jobs of a split search: the options a subproblem selects, written as one
//! short line so that any runner (GNU parallel, a Slurm array, …) can pass it
//! back to `dance cover --job`.
//!
//! ```text
//! 3,17,40     the subproblem that selects options 3, 17 and 40
//! -           the whole problem (nothing selected)
//! ```
//!
//! Options are numbered from 1 in the order of the option lines of the
//! problem file, comments and blank lines not counted.

use dance_dlx::{OptionId, Problem};

/// The job line of a subproblem.
pub fn format(options: &[OptionId]) -> String {
    if options.is_empty() {
        return "-".to_owned();
    }
    let numbers: Vec<String> = options
        .iter()
        .map(|o| (o.index() + 1).to_string())
        .collect();
    numbers.join(",")
}

/// The options of a job line.
pub fn parse(text: &str, problem: &Problem) -> anyhow::Result<Vec<OptionId>> {
    let text = text.trim();
    if text == "-" {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|field| {
            let Ok(number) = field.trim().parse::<u64>() else {
                anyhow::bail!(
                    "expected option numbers separated by commas, or `-`, found `{text}`"
                );
            };
            let count = problem.option_count();
            match number.checked_sub(1) {
                Some(index) if index < count as u64 => Ok(OptionId::new(index as u32)),
                _ => {
                    anyhow::bail!("option {number} does not exist; the problem has {count} options")
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_round_trip() {
        let problem = dance_dlx::problems::n_queens(4);
        for options in [
            vec![],
            vec![OptionId::new(0)],
            vec![OptionId::new(3), OptionId::new(15)],
        ] {
            assert_eq!(parse(&format(&options), &problem).unwrap(), options);
        }
        assert_eq!(format(&[OptionId::new(3), OptionId::new(15)]), "4,16");
    }

    #[test]
    fn bad_jobs_say_what_is_wrong() {
        let problem = dance_dlx::problems::n_queens(4);
        assert_eq!(
            parse("1,x", &problem).unwrap_err().to_string(),
            "expected option numbers separated by commas, or `-`, found `1,x`"
        );
        assert_eq!(
            parse("17", &problem).unwrap_err().to_string(),
            "option 17 does not exist; the problem has 16 options"
        );
        assert!(parse("0", &problem).is_err());
        assert!(parse("", &problem).is_err());
    }
}
