package tally

import "strings"

// Words counts the words of text.
func Words(text string) int {
	return len(strings.Fields(text))
}

// Classify says whether n is negative, zero or positive.
func Classify(n int) string {
	if n < 0 {
		return "negative"
	}
	if n == 0 {
		return "zero"
	}
	return "positive"
}

// Unused is never called by the tests.
func Unused() int {
	total := 0
	for i := 0; i < 3; i++ {
		total += i
	}
	return total
}
