/// Adds two numbers.
///
/// ```
/// assert_eq!(adder::add(2, 2), 4);
/// ```
pub fn add(left: u64, right: u64) -> u64 {
    left + right
}

/// Subtracts, wrongly documented.
///
/// ```
/// assert_eq!(adder::sub(5, 2), 4);
/// ```
pub fn sub(left: u64, right: u64) -> u64 {
    left - right
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_adds() {
        println!("adding two and two");
        assert_eq!(add(2, 2), 4);
    }

    #[test]
    fn it_fails() {
        println!("about to fail");
        assert_eq!(add(2, 2), 5, "two and two make four");
    }

    #[test]
    #[ignore = "slow on CI"]
    fn it_is_slow() {}

    #[test]
    #[should_panic(expected = "overflow")]
    fn it_overflows() {
        let _ = sub(1, 2);
    }
}
