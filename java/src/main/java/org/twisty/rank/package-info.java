/**
 * Ranking of multiset permutations: {@link org.twisty.rank.MultisetRanker} numbers the distinct
 * permutations of a multiset in lexicographic order ({@code 0 .. count()-1}) and maps ranks back
 * to permutations. Counts and ranks are computed by the native engine, exactly, up to
 * 2<sup>128</sup>&nbsp;&minus;&nbsp;1 permutations; ranks are {@link java.math.BigInteger}s.
 */
package org.twisty.rank;
