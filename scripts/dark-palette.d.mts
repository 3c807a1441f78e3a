export declare const STATUS_HUES: readonly string[];
export declare function darkPaletteCss(themeCss: string): string;
export declare const darkPaletteFile: string;
export declare function tailwindThemeCss(): string;
