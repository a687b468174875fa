use strict;
use warnings;
use Test::More tests => 7;

ok(1, 'basket starts empty');
is(2 + 2, 5, 'adds two items');
SKIP: {
    skip 'no network here', 1;
    ok(0, 'fetches prices');
}
TODO: {
    local $TODO = 'discounts not written';
    is(10, 9, 'applies a discount');
}
subtest 'checkout' => sub {
    plan tests => 2;
    ok(1, 'takes payment');
    ok(0, 'prints receipt');
};
like('total: 12', qr/total: \d+/, 'shows the total');
