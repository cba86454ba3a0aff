// Preloaded with `node --import` into a child process: its clock runs TEST_CLOCK_SKEW_MS ahead
// (or behind), as a server whose clock drifted would. Only tests use it.
const skew = Number(process.env.TEST_CLOCK_SKEW_MS || 0);
const RealDate = Date;
class SkewedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + skew);
    else super(...args);
  }
  static now() {
    return RealDate.now() + skew;
  }
}
globalThis.Date = SkewedDate;
