//! The problems library, used as a dependency: one test binary, one module per problem
//! or part of one (one link step, where a binary a file made one each).

mod exact_cover;
mod first_solution;
mod queens;
mod sudoku;
