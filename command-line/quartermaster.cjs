#!/usr/bin/env node
// The installed `quartermaster` command. This folder is its own tiny package so that the bin entry
// lives here and not in the repository's package.json, where it would make `npx quartermaster` in
// the repository install the project into npm's npx cache on every run (see scripts/link-bin.mjs).
// npm links a folder install (`npm install -g ./command-line`, `npm link`), so this file runs from
// the checkout and uses its built command line.
'use strict';
require('../bin/quartermaster.cjs');
