pub fn add(a: i32, b: i32) -> i32 {
    a + b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds() {
        assert_eq!(add(2, 3), 5);
    }

    #[test]
    fn adds_wrong() {
        assert_eq!(add(2, 2), 5, "two and two");
    }

    #[test]
    #[ignore = "needs a network"]
    fn ignored_test() {}

    #[test]
    #[should_panic(expected = "divide by zero")]
    fn panics_as_expected() {
        let zero = std::hint::black_box(0);
        let _ = 1 / zero;
    }

    mod nested {
        #[test]
        fn inner_passes() {}

        #[test]
        #[should_panic]
        fn should_panic_but_does_not() {}
    }
}
