#pragma once
// benchgate/detail/builtin_case.hpp: internal, not for a user's case.
//
// Benchgate's built-in cases are compiled with
// BENCHGATE_BUILTIN_CASE=1 (cmake's benchgate_add_case). A program whose
// cases are all built-in measures benchgate's own source, so its results
// record benchgate's git commit; any other program's results record none
// (benchgate cannot know the commit of the user's code: `history add` then
// asks for --commit). Leave it undefined in your own code.
#ifndef BENCHGATE_BUILTIN_CASE
#define BENCHGATE_BUILTIN_CASE 0
#endif
