export declare const SERVER_TEST_GLOBS: string[];
export declare function splitServerTests(root: string): { database: string[]; pure: string[] };
