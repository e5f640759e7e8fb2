import { demoYearPart } from '../test/demo-year-run';

// The demo of every day of a year, second half (the first is demo-year-1.test.ts: the two files run in parallel).
demoYearPart(1, 2);
