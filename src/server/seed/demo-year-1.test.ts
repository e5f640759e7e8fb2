import { demoYearPart } from '../test/demo-year-run';

// The demo of every day of a year, first half (the second is demo-year-2.test.ts: the two files run in parallel).
demoYearPart(0, 2);
