//! The engines of peg solitaire (only this family uses them, so they live with it): positions
//! as bitboards, a jump table with its symmetry group, layers by peg count searched from both
//! ends, the move (chain) metric, and depth-first and beam searches for one solution on large
//! boards. They know nothing of specs or reports.

pub mod beam_search;
pub mod bitboard;
pub mod chain_cell;
pub mod chain_iddfs;
pub mod chain_moves;
pub mod chain_seam;
pub mod complement_layers;
pub mod dead_end_dfs;
pub mod dense_layers;
pub mod dense_membership;
pub mod filtered_dfs;
pub mod guide;
pub mod jump;
pub mod jump_layers;
pub mod jump_shapes;
pub mod jump_space;
pub mod layer;
pub mod layer_expand;
pub mod layer_membership;
pub mod layer_prune;
pub mod least_lane;
pub mod orbit_pagoda;
pub mod pagoda;
pub mod parity_sets;
pub mod ranked_keys;
pub mod sampled_pagodas;
pub mod simplex;
pub mod sorted_runs;
pub mod useful_edges;
pub mod useful_graph;
pub mod useful_layer;
pub mod useful_mirror;
