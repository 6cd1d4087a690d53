package dev.dongchimi.importer;

/** The bytes of a picture pasted in a sheet, and the row it is anchored to. */
record SheetPictureBytes(int row, byte[] bytes) {}
