export declare const SERVER_DIR: string;
export declare const LAYERS: { name: string; about: string; test(file: string): boolean }[];
export declare function layerOf(file: string): number;
export declare function serverFiles(dir?: string, prefix?: string): string[];
export declare function importGraph(): Promise<{ files: string[]; arrows: { from: string; to: string }[] }>;
export declare function circles(files: string[], arrows: { from: string; to: string }[]): string[][];
