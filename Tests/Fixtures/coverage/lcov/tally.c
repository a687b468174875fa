#include <stdio.h>
#include <string.h>

static int classify(int value) {
    if (value < 0)
        return -1;
    if (value == 0)
        return 0;
    return 1;
}

static int count_words(const char *text) {
    int words = 0, inside = 0;
    for (; *text; text++) {
        if (*text == ' ' || *text == '\n') {
            inside = 0;
        } else if (!inside) {
            inside = 1;
            words++;
        }
    }
    return words;
}

static void unused(void) {
    puts("never printed");
}

int main(int argc, char **argv) {
    int total = 0;
    for (int i = 1; i < argc; i++)
        total += count_words(argv[i]);
    printf("%d %d\n", total, classify(total));
    if (argc > 100)
        unused();
    return 0;
}
