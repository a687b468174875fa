package tally

import "testing"

func TestWords(t *testing.T) {
	for i := 0; i < 3; i++ {
		if Words("a b c") != 3 {
			t.Fatal("words")
		}
	}
}

func TestClassify(t *testing.T) {
	if Classify(5) != "positive" || Classify(0) != "zero" {
		t.Fatal("classify")
	}
}
