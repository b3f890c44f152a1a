//! Duplicate bridge: pure rules modules (boards, auction, play, irregularities, score),
//! folded from log events. No IO here.
