import { moveAppStylesheetsToHead } from './splash.ts';

// First of main.tsx's imports: the router created by app.tsx starts loading the first route, whose
// CSS goes to <head> after the app's own stylesheet (see moveAppStylesheetsToHead).
moveAppStylesheetsToHead();
