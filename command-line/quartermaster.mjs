#!/usr/bin/env node
// What `npm install -g ./command-line` linked as the command before it became quartermaster.cjs:
// kept so that a command installed then still runs.
import '../bin/quartermaster.cjs';
