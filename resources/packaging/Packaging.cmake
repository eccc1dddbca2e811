# SPDX-License-Identifier: MIT
# Installing the studio as a desktop application, and its Debian package (CPack DEB):
# scripts/package.sh builds inference-studio_VERSION_amd64.deb, checks it with lintian and runs
# tests/package (the package unpacked into a scratch root and run from there).
include(GNUInstallDirs)

set(IS_PACKAGING_DIR ${CMAKE_CURRENT_LIST_DIR})
set(IS_PACKAGING_OUT ${CMAKE_BINARY_DIR}/packaging)
file(MAKE_DIRECTORY ${IS_PACKAGING_OUT})

install(TARGETS inference-studio RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# Desktop integration: launcher, AppStream metadata, icons in the hicolor theme, man page.
install(FILES ${IS_PACKAGING_DIR}/inference-studio.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
configure_file(${IS_PACKAGING_DIR}/org.inferencestudio.InferenceStudio.metainfo.xml
               ${IS_PACKAGING_OUT}/org.inferencestudio.InferenceStudio.metainfo.xml @ONLY)
install(FILES ${IS_PACKAGING_OUT}/org.inferencestudio.InferenceStudio.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/inference-studio.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)

find_program(IS_RSVG_CONVERT rsvg-convert)
find_program(IS_GZIP gzip REQUIRED)
set(IS_PACKAGING_FILES)
if(IS_RSVG_CONVERT)
    foreach(size 16 24 32 48 64 128 256)
        set(png ${IS_PACKAGING_OUT}/icons/${size}/inference-studio.png)
        add_custom_command(OUTPUT ${png}
            COMMAND ${CMAKE_COMMAND} -E make_directory ${IS_PACKAGING_OUT}/icons/${size}
            COMMAND ${IS_RSVG_CONVERT} -w ${size} -h ${size} -o ${png} ${PROJECT_SOURCE_DIR}/resources/icons/inference-studio.svg
            DEPENDS ${PROJECT_SOURCE_DIR}/resources/icons/inference-studio.svg VERBATIM)
        list(APPEND IS_PACKAGING_FILES ${png})
        install(FILES ${png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
    endforeach()
else()
    message(STATUS "rsvg-convert not found: the package gets the scalable icon only")
endif()

# Debian wants man pages and a native package's changelog compressed with gzip -9n (no name, no time stamp).
configure_file(${IS_PACKAGING_DIR}/inference-studio.1 ${IS_PACKAGING_OUT}/inference-studio.1 @ONLY)
configure_file(${IS_PACKAGING_DIR}/changelog ${IS_PACKAGING_OUT}/changelog @ONLY)
foreach(f inference-studio.1 changelog)
    add_custom_command(OUTPUT ${IS_PACKAGING_OUT}/${f}.gz
        COMMAND ${IS_GZIP} -9nf -k ${IS_PACKAGING_OUT}/${f}
        DEPENDS ${IS_PACKAGING_OUT}/${f} VERBATIM)
    list(APPEND IS_PACKAGING_FILES ${IS_PACKAGING_OUT}/${f}.gz)
endforeach()
add_custom_target(is_packaging_files ALL DEPENDS ${IS_PACKAGING_FILES})
install(FILES ${IS_PACKAGING_OUT}/inference-studio.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${IS_PACKAGING_OUT}/changelog.gz ${IS_PACKAGING_DIR}/copyright
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/inference-studio)

# The built-in catalogs, calibration and the zh_CN translation, for reference: the executable
# carries its own copy in Qt resources and needs none of these to run.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/hardware ${PROJECT_SOURCE_DIR}/resources/models
        DESTINATION ${CMAKE_INSTALL_DATADIR}/inference-studio/catalog)
install(FILES ${PROJECT_SOURCE_DIR}/resources/calibration.json ${PROJECT_SOURCE_DIR}/resources/CALIBRATION.md
              ${PROJECT_SOURCE_DIR}/resources/CATALOG-FORMAT.md
        DESTINATION ${CMAKE_INSTALL_DATADIR}/inference-studio/catalog)
install(FILES ${CMAKE_BINARY_DIR}/widgets/inference-studio_zh_CN.qm
        DESTINATION ${CMAKE_INSTALL_DATADIR}/inference-studio/translations)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME inference-studio)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The Inference Studio authors")
set(CPACK_PACKAGE_CONTACT "The Inference Studio authors <authors@inference-studio.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "design LLM inference deployments and compare them side by side")
# The synopsis line comes from the summary; this is the extended description after it.
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
    "Inference Studio predicts per-user speed, throughput, latency, energy and"
    "cost per million tokens of large language model deployments from first"
    "principles: wafer-scale systems, GPU clusters and other accelerators."
    "A decode executor runs a small transformer on the local CPU so that a"
    "prediction stands next to a measurement.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # inference-studio_VERSION_amd64.deb
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# Libraries from dpkg-shlibdeps; the platform plugins and image formats Qt loads at run time
# are not linked, so they are named here.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins, qt6-image-formats-plugins | libqt6svg6")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk")
set(CPACK_STRIP_FILES ON)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
include(CPack)
