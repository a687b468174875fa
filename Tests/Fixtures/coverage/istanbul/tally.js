function words(text) {
  return text.split(/\s+/).filter(Boolean).length;
}

function classify(value) {
  if (value < 0) {
    return "negative";
  } else if (value === 0) {
    return "zero";
  }
  return value > 100 ? "large" : "positive";
}

const unused = () => {
  let total = 0;
  for (let i = 0; i < 3; i++) total += i;
  return total;
};

module.exports = { words, classify, unused };
